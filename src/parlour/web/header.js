// The bar at the top of every page: the name, the page's own items, the How to play link,
// the sound switch on the table, and the language switch.
import { html, useState } from './html.js';
import { t, languages, currentLanguage, setLanguage } from './i18n.js';
import { BookIcon, SpeakerIcon } from './icons.js';
import { muted, setMuted, unlockAudio } from './sound.js';

/** The language switch: every language the server has words for. */
export function LanguageSwitch({ onChange }) {
  const choose = async (event) => {
    await setLanguage(event.currentTarget.value);
    onChange();
  };
  return html`<label class="lang"><span class="sr-only">${t('Language')}</span>
    <select aria-label=${t('Language')} value=${currentLanguage()} onChange=${choose}>
      ${languages().map((l) => html`<option key=${l.code} value=${l.code}>${l.name}</option>`)}
    </select></label>`;
}

/** A link to a game's How to play page (GameMeta.rules_url). */
export function RulesLink({ game, compact = false }) {
  if (!game || !game.rules_url) return null;
  const label = t('How to play {game}', { game: t(game.title) });
  // The page speaks the language chosen here, not only the browser's preference.
  const href = `${game.rules_url}?lang=${encodeURIComponent(currentLanguage())}`;
  return html`<a class="rules-link" href=${href} target="_blank" rel="noopener"
    data-rules=${game.name} title=${label}><${BookIcon} /><span class=${compact ? 'sr-only' : ''}>${label}</span></a>`;
}

/** The sound switch (muted or not, remembered in this browser). */
export function SoundSwitch() {
  const [quiet, setQuiet] = useState(muted());
  const toggle = () => {
    setMuted(!quiet);
    setQuiet(!quiet);
    if (quiet) unlockAudio();
  };
  const label = quiet ? t('Sound is off: turn it on') : t('Sound is on: turn it off');
  return html`<button type="button" class="icon-button" id="mute" aria-pressed=${quiet ? 'true' : 'false'}
    title=${label} aria-label=${label} onClick=${toggle}><${SpeakerIcon} muted=${quiet} /></button>`;
}

/** The top bar; `children` are the page's own items. */
export function Header({ children, onLanguage }) {
  return html`<header class="bar">
    <a href="/" class="home">Parlour</a>
    ${children}
    <span class="bar-end"><${LanguageSwitch} onChange=${onLanguage} /></span>
  </header>`;
}
