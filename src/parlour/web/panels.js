// The panels beside the felt: joining, your seat, the host's tools, chat, the event log
// and the money (ledger and settle-up). Inputs keep their own state, so a snapshot never
// clears what a person is typing, and the host's "Seats and stacks" stays as they left it.
import { html, useState, useEffect, useRef } from './html.js';
import { t, tn, tcode } from './i18n.js';
import { botLabel } from './lobby.js';

const NAME_KEY = 'parlour:name';

/** "Ask for a seat" for a visitor; "waiting for the host" once asked. */
export function Join({ snap, join }) {
  const [name, setName] = useState(window.localStorage.getItem(NAME_KEY) || '');
  if (snap.you.seat !== null) return null;
  const waiting = snap.you.request !== null;
  const full = snap.seats.length >= snap.table.seats;
  const submit = (event) => {
    event.preventDefault();
    window.localStorage.setItem(NAME_KEY, name);
    join(name);
  };
  return html`<section id="join" class="panel">
    ${waiting
      ? html`<p id="join-wait" class="muted">${t('Waiting for the host to seat you…')}</p>`
      : full ? html`<p class="muted">${t('Every seat is taken: you are watching.')}</p>`
      : html`<form id="join-form" onSubmit=${submit}>
        <label>${t('Your name')} <input name="name" required maxlength="24" autocomplete="nickname" value=${name}
          onInput=${(e) => setName(e.currentTarget.value)} /></label>
        <button class="primary" type="submit">${t('Ask for a seat')}</button>
      </form>`}
  </section>`;
}

/** Your own seat: sit out, come back, leave. */
export function Mine({ snap, send }) {
  const me = snap.seats.find((s) => s.seat === snap.you.seat);
  if (!me) return null;
  const leave = () => {
    if (window.confirm(t('Leave the table? Your chips are cashed out.'))) send({ type: 'leave' });
  };
  return html`<section id="mine" class="panel mine">
    <span>${t('You are {name}, seat {n}.', { name: me.name, n: me.seat + 1 })}</span>
    ${me.sitting_out
      ? html`<button type="button" key="in" onClick=${() => send({ type: 'sit_in' })}>${t("I'm back")}</button>`
      : html`<button type="button" key="out" onClick=${() => send({ type: 'sit_out' })}>${t('Sit out')}</button>`}
    <button type="button" class="danger" onClick=${leave}>${t('Leave table')}</button>
  </section>`;
}

/** A chip count the host types; it keeps what was typed until it is sent. */
function StackInput({ initial, label, onSend, buttonLabel, primary = false, children }) {
  const [value, setValue] = useState(String(initial));
  const send = () => {
    if (/^\s*\d+\s*$/.test(value)) onSend(Number(value));
  };
  return html`<span class="stack-input">
    <input type="number" min="0" inputmode="numeric" value=${value} aria-label=${label}
      onInput=${(e) => setValue(e.currentTarget.value)} />
    <button type="button" class=${primary ? 'primary' : ''} onClick=${send}>${buttonLabel}</button>${children}</span>`;
}

/** The host's tools: start and pause, bots, seat requests, seats and stacks. */
export function Host({ snap, game, send }) {
  const [open, setOpen] = useState(false);
  const [kind, setKind] = useState(game.bots.includes('rules') ? 'rules' : game.bots[0]);
  if (!snap.you.host) return null;
  const table = snap.table;
  return html`<section id="host" class="panel host">
    <h2>${t('Host')}</h2>
    <div class="buttons">
      ${table.paused
        ? html`<button type="button" class="primary" id="start" key="start" onClick=${() => send({ type: 'resume' })}>
            ${table.hand_number ? t('Resume') : t('Start game')}</button>`
        : html`<button type="button" id="pause" key="pause" onClick=${() => send({ type: 'pause' })}>${t('Pause')}</button>`}
      <span class="add-bot">
        <select aria-label=${t('Bot kind')} value=${kind} onChange=${(e) => setKind(e.currentTarget.value)}>
          ${game.bots.map((k) => html`<option key=${k} value=${k}>${botLabel(k)}</option>`)}
        </select>
        <button type="button" onClick=${() => send({ type: 'add_bot', kind })}>${t('Add bot')}</button>
      </span>
    </div>
    ${snap.requests.length
      ? html`<ul class="requests">${snap.requests.map((r) => html`<li key=${r.id} data-request=${r.id}>
          <span>${t('{name} asks for a seat', { name: r.name })}</span>
          <${StackInput} initial=${table.starting_stack} label=${t('Chips for {name}', { name: r.name })} primary
            buttonLabel=${t('Seat with these chips')} onSend=${(stack) => send({ type: 'approve', request: r.id, stack })}>
            <button type="button" onClick=${() => send({ type: 'deny', request: r.id })}>${t('Decline')}</button>
          <//></li>`)}</ul>`
      : html`<p class="muted">${t('No seat requests. Share the link to this page.')}</p>`}
    <details id="seats-panel" open=${open} onToggle=${(e) => setOpen(e.currentTarget.open)}>
      <summary>${t('Seats and stacks')}</summary>
      <ul class="host-seats">${snap.seats.map((s) => html`<li key=${s.seat} data-seat-row=${s.seat}>
        <span class="who">${s.name}</span>
        <${StackInput} key=${`stack-${s.seat}`} initial=${s.pending_stack ?? s.stack} label=${t('Stack of {name}', { name: s.name })}
          buttonLabel=${t('Set stack')} onSend=${(stack) => send({ type: 'set_stack', seat: s.seat, stack })} />
        ${s.pending_stack !== null && s.pending_stack !== undefined ? html`<small class="muted">${t('{n} after this hand', { n: s.pending_stack })}</small>` : null}
        ${s.seat === snap.you.seat || s.bot ? null : html`<button type="button" onClick=${() => send({ type: 'mute', seat: s.seat, muted: !s.muted })}>
          ${s.muted ? t('Unmute') : t('Mute')}</button>`}
        ${s.seat === snap.you.seat ? null : html`<button type="button" class="danger" onClick=${() => send({ type: 'remove', seat: s.seat })}>${t('Remove')}</button>`}
      </li>`)}</ul>
    </details>
  </section>`;
}

/** Chat: its own place, apart from the game's log. */
export function Chat({ snap, send }) {
  const [text, setText] = useState('');
  const list = useRef(null);
  const lines = snap.log.filter((e) => e.kind === 'chat');
  const me = snap.seats.find((s) => s.seat === snap.you.seat);
  useEffect(() => {
    if (list.current) list.current.scrollTop = list.current.scrollHeight;
  }, [lines.length]);
  const submit = (event) => {
    event.preventDefault();
    const said = text.trim();
    if (!said) return;
    send({ type: 'chat', text: said });
    setText('');
  };
  const muted = Boolean(me && me.muted);
  return html`<section id="chat" class="panel chat">
    <h2>${t('Chat')}</h2>
    <ol class="chat-lines" ref=${list}>
      ${lines.length ? lines.map((e, i) => html`<li key=${i} class="ev-chat"><b>${e.name}:</b> ${e.said}</li>`)
        : html`<li class="muted" key="none">${t('No messages yet.')}</li>`}
    </ol>
    ${me ? html`<form id="chat-form" onSubmit=${submit}>
      <input name="text" maxlength="280" autocomplete="off" value=${text} disabled=${muted}
        placeholder=${muted ? t('The host has muted you') : t('Say something to the table')} aria-label=${t('Chat message')}
        onInput=${(e) => setText(e.currentTarget.value)} />
      <button type="submit" disabled=${muted}>${t('Send')}</button>
    </form>` : html`<p class="muted small">${t('Take a seat to chat.')}</p>`}
  </section>`;
}

/** One event's sentence in the viewer's words (the server tells it; code and params when sent). */
export function said(event) {
  return tcode(event.code, event.params, event.text || event.kind.replaceAll('_', ' '));
}

/** The game's events, newest first (chat is in its own panel). */
export function Log({ events, id = 'log' }) {
  const shown = events.filter((e) => e.kind !== 'chat').slice().reverse();
  return html`<ol id=${id} class="log">${shown.map((e, i) => html`<li key=${shown.length - i} class=${`ev-${e.kind}`}>${said(e)}</li>`)}</ol>`;
}

function signed(n) {
  return n > 0 ? `+${n}` : String(n);
}

/** The ledger and who pays whom, with what went to or came from the bots. */
export function Money({ snap }) {
  const bots = snap.ledger.filter((r) => r.bot);
  const botNet = bots.reduce((sum, r) => sum + r.net, 0);
  let botLine = null;
  if (bots.length && botNet > 0) botLine = tn('The bots won {n} chip from the players: nobody pays it back.', 'The bots won {n} chips from the players: nobody pays it back.', botNet);
  else if (bots.length && botNet < 0) botLine = tn('The players won {n} chip from the bots: nobody pays it out.', 'The players won {n} chips from the bots: nobody pays it out.', -botNet);
  else if (bots.length) botLine = t('The bots are even.');
  return html`<section class="panel money">
    <h2>${t('Ledger')}</h2>
    <table id="ledger" class="ledger"><thead><tr><th>${t('Player')}</th><th>${t('Buy-in')}</th><th>${t('Stack')}</th><th>${t('Cashed out')}</th><th>${t('Net')}</th></tr></thead>
      <tbody>${snap.ledger.map((r, i) => html`<tr key=${i} class=${r.bot ? 'bot-row' : ''}><td>${r.name}${r.bot ? html` <small class="muted">(${t('bot')})</small>` : null}</td>
        <td>${r.buy_in}</td><td>${r.stack}</td><td>${r.cashed_out}</td><td class=${r.net < 0 ? 'neg' : 'pos'}>${signed(r.net)}</td></tr>`)}</tbody></table>
    <h2>${t('Settle up')}</h2>
    <ul id="settle" class="settle">
      ${snap.settle.length ? snap.settle.map((p, i) => html`<li key=${i}>${t('{payer} pays {payee} {amount}', p)}</li>`)
        : html`<li class="muted" key="none">${t('No player owes another.')}</li>`}
      ${botLine ? html`<li class="bots" key="bots" data-bots=${botNet}>${botLine}</li>` : null}
    </ul>
  </section>`;
}
