// Every icon the client draws, as inline SVG: no icon font and no emoji, so they show on a
// machine with no emoji font. Each icon takes the current text colour.
import { html } from './html.js';

const svg = (label, body, box = '0 0 24 24') => html`
  <svg class="icon" viewBox=${box} width="1em" height="1em" role=${label ? 'img' : 'presentation'}
    aria-label=${label || null} aria-hidden=${label ? null : 'true'} focusable="false">${body}</svg>`;

/** A clock face (the turn clock). */
export const ClockIcon = ({ label }) => svg(label, html`
  <circle cx="12" cy="13" r="8" fill="none" stroke="currentColor" stroke-width="2" />
  <path d="M12 9v4.5l3 2" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" />
  <path d="M9 2.5h6" stroke="currentColor" stroke-width="2" stroke-linecap="round" />`);

/** A loudspeaker, with waves when sound is on and a cross when muted. */
export const SpeakerIcon = ({ muted, label }) => svg(label, html`
  <path d="M4 9h4l5-4v14l-5-4H4z" fill="currentColor" />
  ${muted
    ? html`<path d="M16 9l5 6M21 9l-5 6" stroke="currentColor" stroke-width="2" stroke-linecap="round" />`
    : html`<path d="M16 8.5a5 5 0 0 1 0 7M18.5 6a8.5 8.5 0 0 1 0 12" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" />`}`);

/** An open book (the How to play page). */
export const BookIcon = ({ label }) => svg(label, html`
  <path d="M3 5.5C5.5 4.5 9 4.5 12 6.5c3-2 6.5-2 9-1v13c-2.5-1-6-1-9 1-3-2-6.5-2-9-1z" fill="none" stroke="currentColor" stroke-width="1.8" stroke-linejoin="round" />
  <path d="M12 6.5v13" stroke="currentColor" stroke-width="1.8" />`);

/** Two chain links (copy the table's link). */
export const LinkIcon = ({ label }) => svg(label, html`
  <path d="M10 14a4 4 0 0 0 5.7 0l3-3a4 4 0 0 0-5.7-5.7l-1 1M14 10a4 4 0 0 0-5.7 0l-3 3a4 4 0 0 0 5.7 5.7l1-1" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" />`);

/** A downward arrow onto a tray (download). */
export const DownloadIcon = ({ label }) => svg(label, html`
  <path d="M12 4v11M7 10l5 5 5-5M5 19h14" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" />`);

/** A play triangle (replay a hand). */
export const PlayIcon = ({ label }) => svg(label, html`<path d="M8 5v14l11-7z" fill="currentColor" />`);

/** Two bars (paused). */
export const PauseIcon = ({ label }) => svg(label, html`
  <rect x="6" y="5" width="4" height="14" rx="1" fill="currentColor" /><rect x="14" y="5" width="4" height="14" rx="1" fill="currentColor" />`);

/** A small robot head (a bot's seat). */
export const BotIcon = ({ label }) => svg(label, html`
  <rect x="5" y="8" width="14" height="11" rx="3" fill="none" stroke="currentColor" stroke-width="2" />
  <circle cx="9.5" cy="13" r="1.5" fill="currentColor" /><circle cx="14.5" cy="13" r="1.5" fill="currentColor" />
  <path d="M12 8V4.5" stroke="currentColor" stroke-width="2" /><circle cx="12" cy="4" r="1.5" fill="currentColor" />`);

/** A crown (the host). */
export const CrownIcon = ({ label }) => svg(label, html`
  <path d="M3 8l4.5 4L12 5l4.5 7L21 8l-2 11H5z" fill="currentColor" />`);

/** A plug pulled out (a disconnected player). */
export const UnpluggedIcon = ({ label }) => svg(label, html`
  <path d="M4 20l4-4M9 11l4 4M7 13l-1.5 1.5a3 3 0 0 0 4 4L11 17M14 5l-1.5 1.5M19 10l-1.5 1.5M13 7l4 4M17 3l-3 3M21 7l-3 3" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" />`);

const SUIT_PATHS = {
  s: 'M12 2C9 6.5 4 9 4 13.2 4 16 6 17.8 8.4 17.8c1.3 0 2.4-.6 3-1.4-.3 2-1 3.6-2.4 5.1h6c-1.4-1.5-2.1-3.1-2.4-5.1.6.8 1.7 1.4 3 1.4 2.4 0 4.4-1.8 4.4-4.6C20 9 15 6.5 12 2z',
  h: 'M12 21C6.5 16.3 3 13.1 3 8.9 3 6 5.2 3.8 8 3.8c1.7 0 3.2.9 4 2.3.8-1.4 2.3-2.3 4-2.3 2.8 0 5 2.2 5 5.1 0 4.2-3.5 7.4-9 12.1z',
  d: 'M12 2l7.5 10L12 22 4.5 12z',
  c: 'M12 2.5a4.3 4.3 0 0 0-3.6 6.7A4.3 4.3 0 1 0 10.8 17c-.3 1.8-1 3.1-2.2 4.5h6.8c-1.2-1.4-1.9-2.7-2.2-4.5a4.3 4.3 0 1 0 2.4-7.8A4.3 4.3 0 0 0 12 2.5z',
};

/** A suit symbol drawn as a path (fonts here may lack the suit glyphs' colour forms). */
export const SuitIcon = ({ suit, label }) => svg(label, html`<path d=${SUIT_PATHS[suit] || ''} fill="currentColor" />`);
