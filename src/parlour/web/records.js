// Every finished hand of the table, paged; each can be replayed step by step or
// downloaded. A seat's download sends the seat token in the X-Parlour-Token header (never
// in the address), and is saved from a Blob.
import { html, useState, useEffect, useRef } from './html.js';
import { t, tn } from './i18n.js';
import { DownloadIcon, PlayIcon } from './icons.js';
import { Felt } from './felt.js';
import { Log, said } from './panels.js';

const PER_PAGE = 10;

function headers(token) {
  return token ? { 'x-parlour-token': token } : {};
}

/** Save a finished hand's record as this viewer may see it. */
export async function download(tableId, number, token, warn) {
  const response = await fetch(`/api/tables/${tableId}/hands/${number}`, { headers: headers(token) }).catch(() => null);
  if (!response || !response.ok) {
    warn(t('That hand could not be downloaded.'));
    return;
  }
  const blob = await response.blob();
  const address = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = address;
  link.download = `${tableId}-hand-${number}.json`;
  document.body.append(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(address), 10000);
}

/** The table's hands, newest first, a page at a time. */
export function Hands({ tableId, latest, token, openReplay, warn }) {
  const [page, setPage] = useState(1);
  const [answer, setAnswer] = useState(null);
  useEffect(() => {
    let live = true;
    fetch(`/api/tables/${tableId}/hands?page=${page}&per_page=${PER_PAGE}`)
      .then((r) => (r.ok ? r.json() : null))
      .then((data) => { if (live && data) setAnswer(data); })
      .catch(() => {});
    return () => { live = false; };
  }, [tableId, page, latest]);
  const hands = answer ? answer.hands : [];
  return html`<section class="panel records">
    <h2>${t('Hands')}${answer && answer.total ? html` <small class="muted">(${answer.total})</small>` : null}</h2>
    <ul id="hands" class="hands">
      ${hands.length ? hands.map((hand) => html`<li key=${hand.number} data-hand-row=${hand.number}>
        <span class="hand-name">${t('Hand {n}', { n: hand.number })}</span>
        <span class="muted">${hand.winners.length
          ? tn('{names} won {pot}', '{names} won {pot}', hand.winners.length, { names: hand.winners.join(', '), pot: hand.pot })
          : t('no pot')}</span>
        <span class="hand-buttons">
          <button type="button" class="icon-button" data-replay=${hand.number} onClick=${() => openReplay(hand.number)}
            title=${t('Replay hand {n}', { n: hand.number })}><${PlayIcon} /><span>${t('Replay')}</span></button>
          <button type="button" class="icon-button" data-download=${hand.number} onClick=${() => download(tableId, hand.number, token, warn)}
            title=${t('Download hand {n}', { n: hand.number })}><${DownloadIcon} /><span>${t('Download')}</span></button>
        </span></li>`)
        : html`<li class="muted" key="none">${t('No finished hands yet.')}</li>`}
    </ul>
    ${answer && answer.pages > 1 ? html`<nav class="pager">
      <button type="button" disabled=${page <= 1} onClick=${() => setPage(page - 1)}>${t('Newer')}</button>
      <span>${t('Page {page} of {pages}', { page, pages: answer.pages })}</span>
      <button type="button" disabled=${page >= answer.pages} onClick=${() => setPage(page + 1)}>${t('Older')}</button>
    </nav>` : null}
  </section>`;
}

/** Fetch a hand's frames as this viewer saw it. */
export async function loadReplay(tableId, number, token) {
  const response = await fetch(`/api/tables/${tableId}/hands/${number}?steps=1`, { headers: headers(token) }).catch(() => null);
  if (!response || !response.ok) return null;
  return { number, step: 0, ...(await response.json()) };
}

/** A finished hand, step by step, on its own felt. */
export function Replay({ replay, close, nameOf }) {
  const dialog = useRef(null);
  const [step, setStep] = useState(0);
  useEffect(() => {
    setStep(0);
    if (replay && dialog.current && !dialog.current.open) dialog.current.showModal();
  }, [replay]);
  if (!replay) return html`<dialog id="replay" class="replay" ref=${dialog}></dialog>`;
  const frame = replay.frames[Math.min(step, replay.frames.length - 1)];
  const first = frame.action && frame.events.length ? said(frame.events[0]) : null;
  const what = first || (frame.action ? `${nameOf(frame.action.seat)} ${frame.action.do}` : t('the deal'));
  const ctx = {
    mySeat: replay.seat, toAct: frame.view.to_act, labels: {}, notes: {}, headline: [], result: [],
    winners: new Set(), nameOf, clock: null, paused: false, message: '', bets: {},
  };
  return html`<dialog id="replay" class="replay" ref=${dialog} onClose=${close}>
    <header><h2 id="replay-title">${t('Hand {n}', { n: replay.number })}</h2>
      <button id="replay-close" type="button" onClick=${() => dialog.current.close()}>${t('Close')}</button></header>
    <${Felt} id="replay-felt" view=${frame.view} seats=${[]} ctx=${ctx} />
    <p id="replay-step" class="muted">${t('Step {n} of {total}: {what}', { n: step + 1, total: replay.frames.length, what })}</p>
    <${Log} id="replay-events" events=${frame.events} />
    <footer>
      <button id="replay-prev" type="button" disabled=${step === 0} onClick=${() => setStep(step - 1)}>${t('Back')}</button>
      <button id="replay-next" type="button" class="primary" disabled=${step >= replay.frames.length - 1} onClick=${() => setStep(step + 1)}>${t('Step')}</button>
    </footer>
  </dialog>`;
}
