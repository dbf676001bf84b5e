// The table page: one socket to the server, one snapshot at a time, drawn by Preact. A
// snapshot replaces the data, never the page: Preact reconciles, so what a person is
// doing (a typed amount, picked cards, an open panel, focus) stays as it was.
import { html, useState, useEffect, useRef, useMemo } from './html.js';
import { t, tcode } from './i18n.js';
import { Header, RulesLink, SoundSwitch } from './header.js';
import { LinkIcon } from './icons.js';
import { Felt } from './felt.js';
import { Actions, onKey } from './actions.js';
import { Join, Mine, Host, Chat, Log, Money, said } from './panels.js';
import { Hands, Replay, loadReplay } from './records.js';
import { structureLabel } from './lobby.js';
import { play, unlockAudio } from './sound.js';

const tableId = window.location.pathname.split('/').pop();
const tokenKey = `parlour:token:${tableId}`;

/** An event that settles a pot ends a hand: its line names the winner and their hand. */
function isResult(event) {
  return Array.isArray(event.winners) || Array.isArray(event.pots);
}

/** The events of the hand on the felt: the one running, else the one just finished. */
function handEvents(log, running) {
  const results = [];
  log.forEach((e, i) => { if (isResult(e)) results.push(i); });
  if (running) return log.slice(results.length ? results[results.length - 1] + 1 : 0);
  if (!results.length) return [];
  let first = results.length - 1;
  while (first > 0 && results[first - 1] === results[first] - 1) first -= 1;
  const start = first > 0 ? results[first - 1] + 1 : 0;
  return log.slice(start, results[results.length - 1] + 1);
}

/** A seat's last move in words, for the label by its seat. */
function actionLabel(event, nameOf) {
  const amount = event.amount || 0;
  switch (event.kind) {
    case 'fold': return t('Fold');
    case 'check': return t('Check');
    case 'stay': return t('Stay');
    case 'buy': return t('Buy');
    case 'trim': return t('Trim');
    case 'discard': return t('Discard');
    case 'call': return t('Call {amount}', { amount });
    case 'bring_in': return t('Bring in {amount}', { amount });
    case 'bet': return event.target !== undefined
      ? t('Attack {name}', { name: nameOf(event.target) }) : t('Bet {amount}', { amount: event.to ?? amount });
    case 'raise': return event.to !== undefined ? t('Raise to {amount}', { amount: event.to }) : t('Raise {amount}', { amount: event.by ?? amount });
    default: return null;
  }
}

/** Each seat's last move in this betting round (a deal to every seat starts a new one). */
function lastActions(events, moves, nameOf) {
  const labels = {};
  for (const e of events) {
    if (e.kind === 'chat' || e.kind === 'notice') continue;
    if (e.seat === undefined) {
      for (const key of Object.keys(labels)) delete labels[key];
    } else if (moves.has(e.kind)) {
      const label = actionLabel(e, nameOf);
      if (label) labels[e.seat] = label;
    }
  }
  return labels;
}

/** What the body's data-phase hook says (CONTRACTS.md, "Browser test hooks"). */
function phaseOf(snap) {
  if (!snap) return '';
  const table = snap.table;
  if (table.paused) return table.hand_number ? 'paused' : 'waiting';
  if (!table.in_progress) return snap.view && snap.view.outcome ? 'ended' : 'waiting';
  return (snap.view && snap.view.phase) || 'betting';
}

function useBodyHooks(snap, connection) {
  useEffect(() => {
    const body = document.body.dataset;
    body.connection = connection;
    body.hand = snap && snap.table.hand_number ? String(snap.table.hand_number) : '';
    body.phase = phaseOf(snap);
    body.mySeat = snap && snap.you.seat !== null ? String(snap.you.seat) : '';
    body.toAct = snap && snap.to_act !== null && snap.to_act !== undefined ? String(snap.to_act) : '';
    body.seq = snap ? String(snap.seq) : '';  // tests wait for the snapshot after a move
  });
}

/** Sounds for what just happened: your turn, chips moving, a move, a pot won. */
function useSounds(snap, moves) {
  const last = useRef({ turn: false, event: null });
  useEffect(() => {
    if (!snap) return;
    const turn = Boolean(snap.legal && snap.legal.length) && !snap.table.paused;
    const log = snap.log;
    const before = last.current.event;
    let fresh = [];
    if (before !== null) {
      const index = log.map((e) => JSON.stringify(e)).lastIndexOf(before);
      fresh = index >= 0 ? log.slice(index + 1) : [];
    }
    last.current.event = log.length ? JSON.stringify(log[log.length - 1]) : null;
    if (turn && !last.current.turn) play('turn');
    else if (fresh.some(isResult)) play('win');
    else if (fresh.some((e) => moves.has(e.kind) && e.amount)) play('chips');
    else if (fresh.some((e) => moves.has(e.kind))) play('move');
    last.current.turn = turn;
  }, [snap]);
}

/** The action bar's height as --actions-h, so on a phone the felt fits above it. */
function useActionBarHeight() {
  useEffect(() => {
    const measure = () => {
      const bar = document.getElementById('actions');
      const height = bar ? bar.getBoundingClientRect().height : 0;
      document.documentElement.style.setProperty('--actions-h', `${Math.ceil(height)}px`);
    };
    measure();
    const observer = new ResizeObserver(measure);
    const bar = document.getElementById('actions');
    if (bar) observer.observe(bar);
    return () => observer.disconnect();
  });
}

function Banner({ banner }) {
  if (!banner) return null;
  return html`<div id="banner" class=${`banner ${banner.kind}`} role="status">${banner.text}</div>`;
}

/** The table page. */
export function TablePage({ games, onLanguage }) {
  const [snap, setSnap] = useState(null);
  const [clockAt, setClockAt] = useState(0);
  const [connection, setConnection] = useState('reconnecting');
  const [banner, setBanner] = useState(null);
  const [replay, setReplay] = useState(null);
  const socket = useRef(null);
  const latest = useRef(null);
  const bannerTimer = useRef(0);

  const show = (text, kind = 'info', ms = 0) => {
    window.clearTimeout(bannerTimer.current);
    setBanner(text ? { text, kind } : null);
    if (text && ms) bannerTimer.current = window.setTimeout(() => setBanner(null), ms);
  };
  const warn = (text) => show(text, 'error', 4000);
  const send = (message) => {
    const ws = socket.current;
    if (!ws || ws.readyState !== WebSocket.OPEN || !latest.current) return;
    ws.send(JSON.stringify({ seq: latest.current.seq, ...message }));
  };

  useEffect(() => {
    let retry = 500;
    let closed = false;
    const connect = () => {
      const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
      const ws = new WebSocket(`${scheme}://${window.location.host}/ws/tables/${tableId}`);
      socket.current = ws;
      ws.addEventListener('open', () => {
        retry = 500;
        setConnection('open');
        ws.send(JSON.stringify({ type: 'hello', token: window.localStorage.getItem(tokenKey) }));
      });
      ws.addEventListener('message', (event) => {
        const message = JSON.parse(event.data);
        if (message.type === 'snapshot') {
          latest.current = message;
          setClockAt(performance.now());
          setSnap(message);
        } else if (message.type === 'error') {
          warn(tcode(message.code, message.params, message.message));
        }
      });
      ws.addEventListener('close', (event) => {
        if (closed) return;
        if (event.code === 4403 || event.code === 4404 || event.code === 4410) {  // refused, gone, closed
          setConnection('closed');
          return;
        }
        setConnection('reconnecting');
        window.setTimeout(connect, retry);
        // A restarted server is usually back within seconds: keep the wait short so a
        // player is back at the seat soon after, with a little jitter against a stampede.
        retry = Math.min(retry * 2, 2000) + Math.floor(Math.random() * 250);
      });
    };
    connect();
    document.addEventListener('keydown', onKey);
    const unlock = () => unlockAudio();
    document.addEventListener('pointerdown', unlock);
    return () => {
      closed = true;
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', unlock);
      if (socket.current) socket.current.close();
    };
  }, []);

  const game = snap ? games[snap.table.game] : null;
  const moves = useMemo(() => new Set(game ? Object.keys(game.keys).concat(['bet', 'raise']) : []), [game]);
  useBodyHooks(snap, connection);
  useActionBarHeight();
  useSounds(snap, moves);
  useEffect(() => {
    const turn = snap && snap.legal && snap.legal.length && !snap.table.paused;
    document.title = snap ? `${turn ? `${t('Your turn')} · ` : ''}${snap.table.name}: Parlour` : 'Parlour';
  });

  const join = async (name) => {
    const token = window.localStorage.getItem(tokenKey);
    const response = await fetch(`/api/tables/${tableId}/join`, {
      method: 'POST', headers: { 'content-type': 'application/json', ...(token ? { 'x-parlour-token': token } : {}) },
      body: JSON.stringify({ name }),
    }).catch(() => null);
    if (!response) { warn(t('The server did not answer. Try again in a moment.')); return; }
    const answer = await response.json();
    if (!response.ok) { warn(tcode(answer.code, answer.params, answer.message)); return; }
    window.localStorage.setItem(tokenKey, answer.token);
    if (socket.current) socket.current.send(JSON.stringify({ type: 'hello', token: answer.token }));
  };
  const share = async () => {
    try {
      await navigator.clipboard.writeText(window.location.href);
      show(t('Link copied: send it to your friends.'), 'info', 2500);
    } catch {
      show(window.location.href, 'info', 8000);
    }
  };
  const openReplay = async (number) => {
    const loaded = await loadReplay(tableId, number, window.localStorage.getItem(tokenKey));
    if (loaded) setReplay(loaded);
    else warn(t('That hand cannot be replayed.'));
  };

  if (!snap) {
    return html`<${Header} onLanguage=${onLanguage}><h1>${t('Table')}</h1><//>
      <${Banner} banner=${connection === 'closed' ? { text: t('This table is closed.'), kind: 'error' } : null} />
      <main class="table-page"><p class="muted loading">${t('Connecting…')}</p></main>`;
  }

  const names = {};
  for (const row of (snap.view && (snap.view.players || snap.view.seats)) || []) if (row.name) names[row.seat] = row.name;
  for (const seat of snap.seats) names[seat.seat] = seat.name;
  const nameOf = (seat) => names[seat] || t('Seat {n}', { n: seat + 1 });
  const table = snap.table;
  const running = table.in_progress;
  // What each seat's cards are worth, in the viewer's language when the server sent the
  // message (code and params) beside its English.
  const notes = {};
  for (const [seat, text] of Object.entries(snap.notes || {})) {
    const note = snap.note_messages && snap.note_messages[seat];
    notes[seat] = note ? tcode(note.code, note.params, text) : text;
  }
  const events = handEvents(snap.log, running);
  const result = running ? [] : events.filter(isResult).map(said);
  const winners = new Set(running || !snap.view || !snap.view.outcome ? [] : snap.view.outcome.pots.flatMap((p) => p.winners));
  // A battle's lines (both battle hands as this viewer may see them, P-41, and who won)
  // stay in the middle until the next attack.
  const lastAttack = events.map((e) => e.kind === 'bet' && e.target !== undefined).lastIndexOf(true);
  const headline = lastAttack < 0 ? [] : events.slice(lastAttack + 1)
    .filter((e) => e.kind.startsWith('battle_') || e.kind === 'palace_shown').map(said);
  // In a Palace battle the chips each battler put in since the attack lie in front of them.
  const bets = {};
  if (running && snap.view && snap.view.battle && lastAttack >= 0) {
    for (const e of events.slice(lastAttack)) {
      if (e.seat !== undefined && moves.has(e.kind) && e.amount) bets[e.seat] = (bets[e.seat] || 0) + e.amount;
    }
  }
  const paused = table.paused && table.hand_number > 0;
  let message = '';
  if (!snap.view && table.paused) message = snap.you.host ? t('Press Start game when everyone is seated.') : t('Waiting for the host to start the game.');
  else if (!snap.view) message = t('Waiting for players…');
  else if (!running && table.waiting) message = t('Waiting for a person to sit in.');
  const ctx = {
    mySeat: snap.you.seat ?? (snap.view ? snap.view.seat : null), toAct: snap.to_act, button: table.button, notes,
    labels: running ? lastActions(events, moves, nameOf) : {}, clock: snap.clock, clockAt, headline, result, winners,
    nameOf, paused, message, bets,
    pausedNote: snap.you.host ? t('Press Resume to carry on.') : t('The host paused the game.'),
  };
  const status = [t(game.title), structureLabel(game, table.options.structure)];
  if (table.hand_number) status.push(t('hand {n}', { n: table.hand_number }));
  if (table.paused) status.push(table.hand_number ? t('paused') : t('not started'));
  return html`<${Header} onLanguage=${onLanguage}>
      <h1 id="table-name">${table.name}</h1>
      <span id="status" class="status">${status.join(' · ')}</span>
      <${RulesLink} game=${game} compact=${true} />
      <${SoundSwitch} />
      <button id="share" type="button" class="icon-button" title=${t('Copy the link to this table')} onClick=${share}>
        <${LinkIcon} /><span>${t('Copy link')}</span></button>
    <//>
    <${Banner} banner=${connection === 'reconnecting' && latest.current ? { text: t('Connection lost: reconnecting…'), kind: 'warn' }
      : connection === 'closed' ? { text: t('This table is closed.'), kind: 'error' } : banner} />
    <main class="table-page">
      <div class="stage">
        <${Felt} view=${snap.view} seats=${snap.seats} ctx=${ctx} />
        <${Actions} snap=${snap} notes=${notes} keys=${game.keys} nameOf=${nameOf} act=${(action) => send({ type: 'act', action })} warn=${warn} paused=${table.paused} />
      </div>
      <div class="side">
        <${Join} snap=${snap} join=${join} />
        <${Mine} snap=${snap} send=${send} />
        <${Host} snap=${snap} game=${game} send=${send} />
        <${Chat} snap=${snap} send=${send} />
        <section class="panel events"><h2>${t('What happened')}</h2><${Log} events=${snap.log} /></section>
        <${Hands} tableId=${tableId} latest=${snap.hands.length ? snap.hands[snap.hands.length - 1] : 0}
          token=${window.localStorage.getItem(tokenKey)} openReplay=${openReplay} warn=${warn} />
        <${Money} snap=${snap} />
      </div>
    </main>
    <${Replay} replay=${replay} close=${() => setReplay(null)} nameOf=${nameOf} />`;
}
