// The felt: seats around an oval with the viewer's seat at the bottom, each seat's cards,
// stack, bet in front of it and last action; the dealer button; the pot, the battle and
// the result in the middle. Used live and by the replay of a finished hand.
import { html } from './html.js';
import { t } from './i18n.js';
import { Card, Cards } from './cards.js';
import { BotIcon, CrownIcon, PauseIcon, UnpluggedIcon } from './icons.js';
import { Clock } from './clock.js';

/** Where the i-th of n seats sits, as fractions of the felt: 0 (the viewer) at the bottom
 *  centre, the others spread round the rest of the oval, clockwise, leaving the viewer's
 *  wider seat some room. `reach` below 1 moves the point towards the middle. */
function place(i, n, reach = 1, turn = 0) {
  const step = (2 * Math.PI) / n;
  const gap = n > 1 ? Math.max(step, (5 * Math.PI) / 18) : step;
  const spread = n > 1 ? (2 * Math.PI - 2 * gap) / (n - 2 || 1) : 0;
  const offset = i === 0 ? 0 : n === 2 ? Math.PI : gap + (i - 1) * spread;
  const angle = Math.PI / 2 + offset + turn;
  return { x: 0.5 + 0.44 * reach * Math.cos(angle), y: 0.5 + 0.42 * reach * Math.sin(angle) };
}

function at(point) {
  return { '--x': `${(point.x * 100).toFixed(2)}%`, '--y': `${(point.y * 100).toFixed(2)}%` };
}

/** A stack of chips with its amount; keyed by amount so a change plays the move again
 *  (from `from`, the seat that put them in, or the pot they were won from). */
function Chips({ amount, seat, point, from, kind = 'bet' }) {
  if (!amount) return null;
  const style = { ...at(point), '--from-x': `${(from.x * 100).toFixed(2)}%`, '--from-y': `${(from.y * 100).toFixed(2)}%` };
  return html`<div class=${`chips ${kind}`} data-bet-seat=${kind === 'bet' ? seat : null} data-won-seat=${kind === 'won' ? seat : null} style=${style}>
    <span class="chip-stack" aria-hidden="true"><i></i><i></i><i></i></span><span class="amount">${amount}</span></div>`;
}

function Labelled({ label, children, className = '' }) {
  return html`<span class=${`group ${className}`}><span class="cap">${label}</span>${children}</span>`;
}

function StudCards({ row, mine }) {
  if (!row.dealt_in) return html`<span class="muted small">${t('not dealt in')}</span>`;
  const size = mine ? '' : 'small';
  return html`<span class="seat-cards">
    <span class="hole" title=${t('hole card')}><${Card} card=${row.hole} size=${size} /></span>
    <${Cards} cards=${row.upcards} size=${size} /></span>`;
}

function PalaceCards({ row, mine }) {
  if (!row.dealt_in) return html`<span class="muted small">${t('not dealt in')}</span>`;
  const size = mine ? '' : 'small';
  const palace = row.palace || Array(row.palace_size).fill(null);
  if (!row.banner && !palace.length && !row.soldiers.length) return null;  // out, cards gone
  return html`<span class="seat-cards">
    ${row.banner ? html`<${Labelled} label=${t('banner')} className="banner-card"><${Card} card=${row.banner} size=${size} /><//>` : null}
    ${palace.length ? html`<${Labelled} label=${t('palace')} className="palace"><${Cards} cards=${palace} size=${size} /><//>` : null}
    <${Labelled} label=${t('soldiers')} className="soldiers">${row.soldiers.length
      ? html`<${Cards} cards=${row.soldiers} size=${size} />` : html`<span class="none">${t('none')}</span>`}<//>
  </span>`;
}

function Badges({ seat }) {
  return html`<span class="badges">
    ${seat.host ? html`<span class="badge" title=${t('host')}><${CrownIcon} label=${t('host')} /></span>` : null}
    ${seat.bot ? html`<span class="badge bot" title=${t('bot')}><${BotIcon} label=${t('bot')} /></span>` : null}
    ${seat.connected === false ? html`<span class="badge warn" title=${t('disconnected')}><${UnpluggedIcon} label=${t('disconnected')} /></span>` : null}
  </span>`;
}

function SeatStatus({ seat, row, battle }) {
  const words = [];
  if (seat.sitting_out) words.push(t('sitting out'));
  if (seat.leaving) words.push(t('leaving'));
  if (row && row.dealt_in && !row.in_hand) words.push(row.mucked ? t('mucked') : t('folded'));
  if (battle && battle.attacker === seat.seat) words.push(t('attacking'));
  if (battle && battle.defender === seat.seat) words.push(t('defending'));
  return words.length ? html`<span class="status">${words.join(' · ')}</span>` : null;
}

function Seat({ seat, row, ctx, point }) {
  const mine = seat.seat === ctx.mySeat;
  const classes = ['seat'];
  if (mine) classes.push('mine');
  if (ctx.toAct === seat.seat) classes.push('to-act');
  if (row && row.dealt_in && !row.in_hand) classes.push('out');
  if (ctx.winners.has(seat.seat)) classes.push('winner');
  const stack = row ? row.stack : seat.stack;
  const label = ctx.labels[seat.seat];
  // Your own cards' worth is said in the action bar, beside your choices.
  const worth = !mine && ctx.notes && ctx.notes[seat.seat];
  const cards = !row ? null : row.banner !== undefined
    ? html`<${PalaceCards} row=${row} mine=${mine} />` : html`<${StudCards} row=${row} mine=${mine} />`;
  return html`<div class=${classes.join(' ')} data-seat=${seat.seat} style=${at(point)}>
    ${cards}
    <div class="plate">
      <span class="name" title=${seat.name}>${seat.name}</span>
      <span class="plate-line"><${Badges} seat=${seat} /><span class="stack" data-stack=${stack}>${stack}</span>
      ${ctx.clock && ctx.clock.seat === seat.seat ? html`<${Clock} clock=${ctx.clock} at=${ctx.clockAt} />` : null}</span>
    </div>
    <${SeatStatus} seat=${seat} row=${row} battle=${ctx.battle} />
    ${label ? html`<span class="last-action" key=${label} data-action=${label}>${label}</span>` : null}
    ${worth ? html`<span class="worth" data-worth=${seat.seat} title=${t('what these cards are worth')}>${worth}</span>` : null}
  </div>`;
}

/** The middle of the felt: pot, piles, battle, side pots, result, pause. */
function Centre({ view, ctx }) {
  const parts = [];
  if (view) {
    parts.push(html`<div class="pot" key="pot" data-pot=${view.pot}><span class="chip-stack" aria-hidden="true"><i></i><i></i><i></i></span>
      ${t('Pot {amount}', { amount: view.pot })}</div>`);
    if (view.draw_count !== undefined) {
      parts.push(html`<div class="piles muted" key="piles">${t('Draw pile {n}', { n: view.draw_count })} · ${t('Discard pile {n}', { n: view.discard_count })}</div>`);
    }
    if (view.street) parts.push(html`<div class="street muted" key="street">${t('Round {n} of 4', { n: view.street })}</div>`);
    const pots = view.pots || [];
    // A side pot exists only when someone is all-in (A-50); until then the chips not yet
    // called are just bets in front of the seats.
    const allIn = (view.seats || []).some((s) => s.dealt_in && s.in_hand && s.stack === 0);
    if (!view.outcome && pots.length > 1 && allIn) {
      parts.push(html`<div class="side-pots" key="side">${pots.map((p, i) => html`<span key=${i}>${i
        ? t('Side pot {amount}: {names}', { amount: p.amount, names: p.eligible.map(ctx.nameOf).join(', ') })
        : t('Main pot {amount}: {names}', { amount: p.amount, names: p.eligible.map(ctx.nameOf).join(', ') })}</span>`)}</div>`);
    }
    if (view.battle) {
      const b = view.battle;
      parts.push(html`<div class="battle" key="battle"><strong>${t('Battle: {attacker} attacks {defender}', { attacker: ctx.nameOf(b.attacker), defender: ctx.nameOf(b.defender) })}</strong>
        <span class="muted">${t('{name} owes {amount}', { name: ctx.nameOf(b.attacker), amount: b.attacker_owes })} · ${t('{name} owes {amount}', { name: ctx.nameOf(b.defender), amount: b.defender_owes })}</span></div>`);
    }
    if (view.own_discards && view.own_discards.length) {
      parts.push(html`<div class="muted small" key="discards">${t('You discarded')} <${Cards} cards=${view.own_discards} size="small" /></div>`);
    }
  }
  if (ctx.headline.length) {
    parts.push(html`<ul class="headline" key="headline">${ctx.headline.map((line) => html`<li key=${line}>${line}</li>`)}</ul>`);
  }
  if (ctx.result.length) {
    parts.push(html`<ul class="result" id="result" key="result">${ctx.result.map((line) => html`<li key=${line}>${line}</li>`)}</ul>`);
  }
  if (ctx.message) parts.push(html`<p class="message" key="message">${ctx.message}</p>`);
  return html`<div class="centre">${parts}</div>`;
}

/** The whole felt. `ctx`: mySeat, toAct, button, notes, labels, clock, battle, headline,
 *  result, message, paused, winners, nameOf. */
export function Felt({ view, seats, ctx, id = 'felt' }) {
  const rows = new Map(((view && (view.players || view.seats)) || []).map((r) => [r.seat, r]));
  const list = seats.length ? seats : [...rows.values()];
  const n = Math.max(list.length, 2);
  const mineAt = Math.max(0, list.findIndex((s) => s.seat === ctx.mySeat));
  const full = { ...ctx, battle: view ? view.battle : null };
  const placed = list.map((seat, i) => ({ seat, index: (i - mineAt + n) % n }));
  const button = view && view.button !== undefined ? view.button : ctx.button;
  return html`<section id=${id} class=${`felt-wrap seats-${n}${ctx.paused ? ' paused' : ''}`}>
    <div class="felt">
      <div class="rail"></div>
      <${Centre} view=${view} ctx=${full} />
      ${placed.map(({ seat, index }) => html`<${Seat} key=${`seat-${seat.seat}`} seat=${seat} row=${rows.get(seat.seat)}
        ctx=${full} point=${place(index, n)} />`)}
      ${placed.map(({ seat, index }) => {
        const row = rows.get(seat.seat);
        const amount = view && view.outcome ? 0 : ctx.bets[seat.seat] ?? (row && row.bet) ?? 0;
        return html`<${Chips} key=${`bet-${seat.seat}-${amount}`} amount=${amount} seat=${seat.seat}
          point=${place(index, n, 0.52)} from=${place(index, n)} />`;
      })}
      ${view && view.outcome ? placed.filter(({ seat }) => ctx.winners.has(seat.seat)).map(({ seat, index }) => {
        const won = view.outcome.pots.filter((p) => p.winners.includes(seat.seat))
          .reduce((sum, p) => sum + Math.floor(p.amount / p.winners.length), 0);
        return html`<${Chips} key=${`won-${seat.seat}`} kind="won" amount=${won} seat=${seat.seat}
          point=${place(index, n, 0.55)} from=${{ x: 0.5, y: 0.5 }} />`;
      }) : null}
      ${placed.filter(({ seat }) => seat.seat === button).map(({ index }) => {
        const p = place(index, n, 0.64, 0.3);
        return html`<span key="dealer" class="dealer-button" title=${t('dealer')} style=${at(p)}>${t('D')}</span>`;
      })}
      ${ctx.paused ? html`<div class="pause-cover" key="paused"><${PauseIcon} /><span>${t('Paused')}</span>
        <small>${ctx.pausedNote || ''}</small></div>` : null}
    </div>
  </section>`;
}
