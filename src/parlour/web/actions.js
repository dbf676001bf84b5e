// The action bar: only what the snapshot's `legal` list offers, never decided here. Each
// choice keeps its own state (a typed amount, a picked card) for as long as the same
// choice stays on offer, so a snapshot caused by someone else's chat or move leaves it be.
import { html, useState } from './html.js';
import { t, tn } from './i18n.js';
import { Card } from './cards.js';

/** A plain choice's words on its button (the amount when it costs chips). */
function plainLabel(choice) {
  const amount = choice.amount || 0;
  const words = {
    fold: t('Fold'), check: t('Check'), stay: t('Stay'),
    call: t('Call {amount}', { amount }), bring_in: t('Bring in {amount}', { amount }),
    buy: t('Buy a soldier for {amount}', { amount }),
  };
  return words[choice.do] || choice.do;
}

function Key({ letter }) {
  return letter ? html`<kbd aria-hidden="true">${letter.toUpperCase()}</kbd>` : null;
}

function whole(value) {
  return /^\s*\d+\s*$/.test(String(value));
}

/** A bet or raise of a size the player chooses (to a total, or by an amount). */
function SizedChoice({ choice, pot, keys, act, warn }) {
  const by = 'min_by' in choice;
  const low = by ? choice.min_by : choice.min_to;
  const high = by ? choice.max_by : choice.max_to;
  const [amount, setAmount] = useState(String(low));
  const go = () => {
    const value = Number(amount);
    if (!whole(amount) || value < low || value > high) {
      warn(t('Choose an amount from {low} to {high}.', { low, high }));
      return;
    }
    act({ do: choice.do, [by ? 'by' : 'to']: value });
  };
  const verb = choice.do === 'bet'
    ? t('Bet {amount}', { amount })
    : by ? t('Call {call} and raise {amount}', { call: choice.call, amount }) : t('Raise to {amount}', { amount });
  const presets = [];
  if (high > low) {
    const half = Math.min(high, Math.max(low, Math.round(pot / 2)));
    const whole_ = Math.min(high, Math.max(low, pot));
    presets.push([t('Min'), low]);
    if (half > low && half < high) presets.push([t('Half pot'), half]);
    if (whole_ > low && whole_ < high && whole_ !== half) presets.push([t('Pot'), whole_]);
    presets.push([t('All in'), high]);
  }
  return html`<div class="sized" data-do=${choice.do}>
    ${high > low ? html`<div class="size-row">
      <input type="number" inputmode="numeric" min=${low} max=${high} step="1" value=${amount} name="amount"
        aria-label=${t('Amount, {low} to {high}', { low, high })} onInput=${(e) => setAmount(e.currentTarget.value)}
        onKeyDown=${(e) => { if (e.key === 'Enter') { e.preventDefault(); go(); } }} />
      <input type="range" min=${low} max=${high} step="1" value=${whole(amount) ? amount : low}
        aria-label=${t('Amount')} onInput=${(e) => setAmount(e.currentTarget.value)} />
      <span class="presets">${presets.map(([word, value]) => html`<button type="button" key=${word} class="preset"
        onClick=${() => setAmount(String(value))}>${word}</button>`)}</span>
    </div>` : null}
    <button type="button" class="primary" data-do=${choice.do} data-key=${keys[choice.do] || null} onClick=${go}>
      ${verb}<${Key} letter=${keys[choice.do]} /></button>
  </div>`;
}

/** Palace: attack one player (P-30); in no-limit an extra may be added (P-32). The
 *  button names the player; its title says what it costs both. */
function AttackChoice({ choice, nameOf, act, warn }) {
  const [extra, setExtra] = useState('0');
  const name = nameOf(choice.target);
  const go = () => {
    const action = { do: 'bet', target: choice.target };
    if (choice.max_extra) {
      const value = Number(extra);
      if (!whole(extra) || (value && (value < choice.min_extra || value > choice.max_extra))) {
        warn(t('The extra is 0, or from {low} to {high}.', { low: choice.min_extra, high: choice.max_extra }));
        return;
      }
      action.extra = value;
    }
    act(action);
  };
  const cost = t('You bet {bet}; {name} must pay {call} to call.', { bet: choice.bet, name, call: choice.call });
  return html`<span class="attack" data-target=${choice.target}>
    <button type="button" class="primary" data-do="bet" data-target=${choice.target} onClick=${go} title=${cost} aria-label=${t('Attack {name}', { name }) + '. ' + cost}>
      ${name}</button>
    ${choice.max_extra ? html`<label class="extra">${t('extra')}
      <input type="number" min="0" max=${choice.max_extra} value=${extra} onInput=${(e) => setExtra(e.currentTarget.value)}
        aria-label=${t('extra chips, 0 or {low} to {high}', { low: choice.min_extra, high: choice.max_extra })} /></label>` : null}
  </span>`;
}

/** Every attack on offer, under one heading that says what an attack costs. */
function Attacks({ choices, nameOf, act, warn }) {
  const bets = [...new Set(choices.map((c) => c.bet))];
  const calls = [...new Set(choices.map((c) => c.call))];
  const cost = bets.length === 1 && calls.length === 1
    ? t('you bet {bet}, they pay {call} to call', { bet: bets[0], call: calls[0] }) : '';
  return html`<div class="attacks" data-do="bet">
    <span class="attacks-head"><strong>${t('Attack')}</strong> ${cost ? html`<small class="muted">(${cost})</small>` : null}</span>
    ${choices.map((choice) => html`<${AttackChoice} key=${JSON.stringify(choice)} choice=${choice} nameOf=${nameOf} act=${act} warn=${warn} />`)}
  </div>`;
}

/** Palace: pick soldiers to trim or discard (P-19 to P-21). */
function CardChoice({ choice, keys, act }) {
  const [picked, setPicked] = useState([]);
  const toggle = (card) => setPicked(picked.includes(card) ? picked.filter((c) => c !== card) : [...picked, card]);
  const n = picked.length;
  const ok = n >= choice.least && n <= choice.most;
  const trim = choice.do === 'trim';
  let label;
  if (trim) label = n === 0 ? t('Keep all') : tn('Trim {n} card', 'Trim {n} cards', n);
  else label = tn('Discard {n} card', 'Discard {n} cards', n);
  if (choice.amount && !trim) label = t('{action} (fee {amount})', { action: label, amount: choice.amount });
  const need = choice.least === choice.most
    ? tn('choose {n} card', 'choose {n} cards', choice.least)
    : t('choose {least} to {most} cards', { least: choice.least, most: choice.most });
  return html`<div class="card-choice" data-do=${choice.do}>
    <div class="card-choice-head"><strong>${trim ? t('Trim soldiers') : t('Discard soldiers')}</strong> <span class="muted">${need}</span></div>
    <div class="cards">${choice.soldiers.map((card) => html`<${Card} key=${card} card=${card} picked=${picked.includes(card)} onPick=${toggle} />`)}</div>
    <button type="button" class="primary" data-do=${choice.do} data-key=${keys[choice.do] || null} disabled=${!ok}
      onClick=${() => act({ do: choice.do, cards: picked })}>${label}<${Key} letter=${keys[choice.do]} /></button>
  </div>`;
}

/** The bar: the viewer's legal choices, or whose turn it is. */
export function Actions({ snap, notes, keys, nameOf, act, warn, paused }) {
  const legal = paused ? [] : snap.legal || [];
  const view = snap.view || {};
  const mine = snap.you.seat !== null ? notes[snap.you.seat] : '';
  const worth = mine ? html`<small class="worth-line" data-worth-mine="" title=${t('what your cards are worth')}>${mine}</small>` : null;
  if (!legal.length) {
    let text = '';
    if (paused) text = t('The game is paused.');
    else if (snap.to_act !== null && snap.to_act !== undefined) text = t('Waiting for {name}…', { name: nameOf(snap.to_act) });
    else if (snap.table.in_progress) text = t('Dealing…');
    else if (view.outcome && !snap.table.waiting) text = t('The next hand starts in a moment…');
    return html`<section id="actions" class="actions idle" data-turn="no"><p class="waiting">${text}</p>${worth}</section>`;
  }
  const plain = [];
  const rest = [];
  const attacks = legal.filter((c) => c.do === 'bet' && 'target' in c);
  for (const choice of legal) {
    const key = JSON.stringify(choice);
    if ('min_to' in choice || 'min_by' in choice) rest.push(html`<${SizedChoice} key=${key} choice=${choice} pot=${view.pot || 0} keys=${keys} act=${act} warn=${warn} />`);
    else if (choice.do === 'bet' && 'target' in choice) continue;
    else if ('soldiers' in choice) rest.push(html`<${CardChoice} key=${key} choice=${choice} keys=${keys} act=${act} />`);
    else {
      plain.push(html`<button type="button" key=${choice.do} class=${choice.do === 'fold' ? 'danger' : 'primary'}
        data-do=${choice.do} data-key=${keys[choice.do] || null} onClick=${() => act({ do: choice.do })}>
        ${plainLabel(choice)}<${Key} letter=${keys[choice.do]} /></button>`);
    }
  }
  return html`<section id="actions" class="actions" data-turn="yes" aria-label=${t('Your move')}>
    <h2>${t('Your move')}</h2>${worth}
    <div class="choices">
      ${plain.length ? html`<div class="buttons" key="plain">${plain}</div>` : null}
      ${rest}
      ${attacks.length ? html`<${Attacks} key="attacks" choices=${attacks} nameOf=${nameOf} act=${act} warn=${warn} />` : null}
    </div>
  </section>`;
}

/** A key press takes the choice it names, unless the player is typing somewhere. */
export function onKey(event) {
  if (event.ctrlKey || event.metaKey || event.altKey || event.repeat) return;
  if (event.target.closest && event.target.closest('input, textarea, select, dialog[open]')) return;
  const button = document.querySelector(`#actions button[data-key="${CSS.escape(event.key.toLowerCase())}"]`);
  if (button && !button.disabled) {
    event.preventDefault();
    button.click();
  }
}
