// Playing cards: a face (rank and suit), a back for a card the viewer may not see.
import { html } from './html.js';
import { SuitIcon } from './icons.js';
import { t } from './i18n.js';

const RED = new Set(['h', 'd']);

/** The rank as printed on a card ("10" for T). */
export function rankText(rank) {
  return rank === 'T' ? '10' : rank;
}

function suitName(suit) {
  return { c: t('clubs'), d: t('diamonds'), h: t('hearts'), s: t('spades') }[suit] || suit;
}

/** One card; `card` in notation ("Qh") or null for a face-down card. */
export function Card({ card, size = '', picked = false, onPick = null }) {
  if (!card) {
    return html`<span class=${`card back ${size}`} role="img" aria-label=${t('face-down card')}></span>`;
  }
  const rank = card.slice(0, -1);
  const suit = card.slice(-1);
  const classes = `card ${RED.has(suit) ? 'red' : 'black'} ${size}${picked ? ' picked' : ''}${onPick ? ' pick' : ''}`;
  const label = t('{rank} of {suit}', { rank: rankText(rank), suit: suitName(suit) });
  if (onPick) {
    return html`<button type="button" class=${classes} data-card=${card} aria-pressed=${picked ? 'true' : 'false'}
      aria-label=${label} onClick=${() => onPick(card)}><b>${rankText(rank)}</b><${SuitIcon} suit=${suit} /></button>`;
  }
  return html`<span class=${classes} data-card=${card} role="img" aria-label=${label}
    ><b>${rankText(rank)}</b><${SuitIcon} suit=${suit} /></span>`;
}

/** A row of cards, each keyed by its place so a card turned up keeps its element. */
export function Cards({ cards, size = '' }) {
  return html`<span class="cards">${(cards || []).map((card, i) => html`<${Card} key=${i} card=${card} size=${size} />`)}</span>`;
}
