// The lobby: create a table from the game's own metadata (GET /api/games), and the open
// tables, full ones too (a spectator may watch). Bad settings are refused here with a
// sentence a host understands, and the server checks them again the same way.
import { html, useState, useEffect } from './html.js';
import { t, tn, tcode } from './i18n.js';
import { Header, RulesLink } from './header.js';

const NAME_KEY = 'parlour:name';

/** The form's starting values for `game`: each option's default ("" for derived ones). */
function defaults(game) {
  const options = {};
  for (const spec of game.options) {
    if (spec.type === 'bool') options[spec.name] = Boolean(spec.default);
    else options[spec.name] = spec.default === null ? '' : String(spec.default);
  }
  return options;
}

/** A derived option's value when left blank, worked out as the server does (rounded down). */
function derivedValue(spec, values, game) {
  const source = game.options.find((o) => o.name === spec.derived_from);
  const raw = values[spec.derived_from];
  const base = raw === '' ? derivedValue(source, values, game) : Number(raw);
  return Math.floor(base * spec.factor);
}

/** The options as the server takes them: numbers as numbers, blank derived ones left out. */
function optionValues(game, values) {
  const out = {};
  for (const spec of game.options) {
    const value = values[spec.name];
    if (spec.type === 'int') {
      if (value === '' && spec.default === null) continue;
      out[spec.name] = Number(value);
    } else out[spec.name] = value;
  }
  return out;
}

function whole(text) {
  return /^\s*-?\d+\s*$/.test(String(text));
}

/** Every problem with the form, each in a sentence (empty: the table can be made). */
export function problems(game, form) {
  const found = [];
  const values = {};
  for (const spec of game.options) {
    if (spec.type !== 'int') continue;
    const raw = form.options[spec.name];
    if (raw === '' && spec.default === null) {
      values[spec.name] = null;
      continue;
    }
    const label = t(spec.label);
    if (!whole(raw)) {
      found.push(t('{label} must be a whole number.', { label }));
      continue;
    }
    const n = Number(raw);
    values[spec.name] = n;
    if (spec.min !== null && n < spec.min) found.push(t('{label} must be at least {min}.', { label, min: spec.min }));
    if (spec.max !== null && n > spec.max) found.push(t('{label} may be at most {max}.', { label, max: spec.max }));
  }
  for (const spec of game.options) {
    if (values[spec.name] === null) values[spec.name] = derivedValue(spec, form.options, game);
  }
  const seats = Number(form.seats);
  if (!whole(form.seats) || seats < game.seats.min || seats > game.seats.max) {
    found.push(t('{game} seats {min} to {max} players.', { game: t(game.title), min: game.seats.min, max: game.seats.max }));
  }
  const bots = Number(form.bots);
  if (!whole(form.bots) || bots < 0) found.push(t('The number of bots must be a whole number, 0 or more.'));
  else if (whole(form.seats) && bots >= seats) {
    found.push(tn('With {seats} seat there is no room for a person and {n} bot: choose fewer bots.',
      'With {seats} seats there is no room for a person and {n} bots: choose fewer bots.', bots, { seats }));
  }
  const least = Math.max(1, Number(values[game.min_stack_rule] || 0));
  const stack = Number(form.starting_stack);
  if (!whole(form.starting_stack) || stack < 1) found.push(t('The starting stack must be a whole number of chips, 1 or more.'));
  else if (stack < least) {
    found.push(t('A starting stack of {stack} is less than the {option} of {least}: nobody could be dealt in.',
      { stack, option: t(game.options.find((o) => o.name === game.min_stack_rule).label).toLowerCase(), least }));
  }
  if (!whole(form.clock_seconds) || Number(form.clock_seconds) < 0 || Number(form.clock_seconds) > 3600) {
    found.push(t('The turn clock is a number of seconds from 0 (no clock) to 3600.'));
  }
  if (!whole(form.time_bank_seconds) || Number(form.time_bank_seconds) < 0 || Number(form.time_bank_seconds) > 36000) {
    found.push(t('The time bank is a number of seconds from 0 to 36000.'));
  }
  if (!form.host_name.trim()) found.push(t('Type your name: the other players see it.'));
  if (!form.name.trim()) found.push(t('Give the table a name.'));
  return found;
}

function OptionField({ spec, value, values, game, onValue }) {
  const label = t(spec.label);
  const help = spec.help ? t(spec.help) : '';
  if (spec.type === 'bool') {
    return html`<label class="check" title=${help}>
      <input type="checkbox" name=${spec.name} checked=${value} onChange=${(e) => onValue(e.currentTarget.checked)} /> ${label}</label>`;
  }
  if (spec.type === 'choice') {
    const names = spec.choice_labels || {};
    return html`<label title=${help}>${label}
      <select name=${spec.name} value=${value} onChange=${(e) => onValue(e.currentTarget.value)}>
        ${spec.choices.map((c) => html`<option key=${c} value=${c}>${t(names[c] || c)}</option>`)}
      </select></label>`;
  }
  const placeholder = spec.default === null ? String(derivedValue(spec, { ...values, [spec.name]: '' }, game)) : '';
  return html`<label title=${help}>${label}
    <input name=${spec.name} type="number" inputmode="numeric" min=${spec.min ?? null} max=${spec.max ?? null}
      value=${value} placeholder=${placeholder} onInput=${(e) => onValue(e.currentTarget.value)} />
    ${spec.default === null ? html`<small class="muted" title=${spec.default_rule}>${t('blank: {value}, follows the {source}', {
      value: placeholder, source: t(game.options.find((o) => o.name === spec.derived_from).label).toLowerCase() })}</small>` : null}</label>`;
}

function CreateForm({ games }) {
  const names = Object.keys(games);
  const [gameName, setGameName] = useState(names[0]);
  const game = games[gameName];
  const [form, setForm] = useState(() => ({
    host_name: window.localStorage.getItem(NAME_KEY) || '',
    name: t('Friday game'),
    seats: String(Math.min(6, game.seats.max)),
    starting_stack: '200',
    bots: '1',
    bot_kind: game.bots.includes('rules') ? 'rules' : game.bots[0],
    clock_seconds: '30',
    time_bank_seconds: '60',
    options: defaults(game),
  }));
  const [errors, setErrors] = useState([]);
  const [busy, setBusy] = useState(false);
  const set = (key) => (event) => setForm({ ...form, [key]: event.currentTarget.value });
  const setOption = (name) => (value) => setForm({ ...form, options: { ...form.options, [name]: value } });

  const switchGame = (event) => {
    const next = games[event.currentTarget.value];
    setGameName(next.name);
    setErrors([]);
    const seats = Math.min(Math.max(Number(form.seats) || next.seats.min, next.seats.min), next.seats.max);
    const kind = next.bots.includes(form.bot_kind) ? form.bot_kind : (next.bots.includes('rules') ? 'rules' : next.bots[0]);
    setForm({ ...form, seats: String(seats), bot_kind: kind, options: defaults(next) });
  };

  const submit = async (event) => {
    event.preventDefault();
    const found = problems(game, form);
    setErrors(found);
    if (found.length) return;
    setBusy(true);
    const body = {
      game: game.name, name: form.name, host_name: form.host_name, options: optionValues(game, form.options),
      seats: Number(form.seats), starting_stack: Number(form.starting_stack),
      bots: Array(Number(form.bots)).fill(form.bot_kind),
      clock_seconds: Number(form.clock_seconds), time_bank_seconds: Number(form.time_bank_seconds),
    };
    window.localStorage.setItem(NAME_KEY, form.host_name);
    try {
      const response = await fetch('/api/tables', {
        method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body),
      });
      const answer = await response.json();
      if (!response.ok) {
        setErrors([tcode(answer.code, answer.params, answer.message)]);
        return;
      }
      window.localStorage.setItem(`parlour:token:${answer.id}`, answer.token);
      window.location.href = answer.url;
    } catch {
      setErrors([t('The server did not answer. Try again in a moment.')]);
    } finally {
      setBusy(false);
    }
  };

  // The structure and the first two stakes are always shown; the rest fold under More rules.
  const main = [...game.options.filter((o) => o.type === 'choice').slice(0, 1),
    ...game.options.filter((o) => o.type === 'int').slice(0, 2)];
  const more = game.options.filter((o) => !main.includes(o));
  const field = (spec) => html`<${OptionField} key=${spec.name} spec=${spec} value=${form.options[spec.name]}
    values=${form.options} game=${game} onValue=${setOption(spec.name)} />`;
  return html`<form id="create-form" novalidate onSubmit=${submit}>
    <label>${t('Your name')} <input name="host_name" required maxlength="24" autocomplete="nickname" value=${form.host_name} onInput=${set('host_name')} /></label>
    <label>${t('Table name')} <input name="name" maxlength="40" value=${form.name} onInput=${set('name')} /></label>
    <div class="row">
      <label>${t('Game')}
        <select name="game" value=${gameName} onChange=${switchGame}>
          ${names.map((n) => html`<option key=${n} value=${n}>${t(games[n].title)}</option>`)}
        </select></label>
      <${RulesLink} game=${game} />
    </div>
    <div class="row">${main.map(field)}</div>
    <details class="more-rules" data-game=${game.name}>
      <summary>${t('More rules')}</summary>
      <div class="row">${more.map(field)}</div>
    </details>
    <div class="row">
      <label>${t('Seats')} <input name="seats" type="number" min=${game.seats.min} max=${game.seats.max} value=${form.seats} onInput=${set('seats')} />
        <small class="muted">${t('{min} to {max}', { min: game.seats.min, max: game.seats.max })}</small></label>
      <label>${t('Starting stack')} <input name="starting_stack" type="number" min="1" value=${form.starting_stack} onInput=${set('starting_stack')} /></label>
    </div>
    <div class="row">
      <label>${t('Bots')} <input name="bot_count" type="number" min="0" max=${Number(form.seats) - 1} value=${form.bots} onInput=${set('bots')} /></label>
      <label>${t('Bot kind')}
        <select name="bot_kind" value=${form.bot_kind} onChange=${set('bot_kind')}>
          ${game.bots.map((k) => html`<option key=${k} value=${k}>${botLabel(k)}</option>`)}
        </select></label>
    </div>
    <div class="row">
      <label>${t('Turn clock (seconds, 0 = none)')} <input name="clock_seconds" type="number" min="0" max="3600" value=${form.clock_seconds} onInput=${set('clock_seconds')} /></label>
      <label>${t('Time bank (seconds)')} <input name="time_bank_seconds" type="number" min="0" max="36000" value=${form.time_bank_seconds} onInput=${set('time_bank_seconds')} /></label>
    </div>
    <button type="submit" class="primary" disabled=${busy}>${t('Create table')}</button>
    <div class="error" id="create-error" role="alert">${errors.map((e) => html`<p key=${e}>${e}</p>`)}</div>
  </form>`;
}

/** A bot kind in words (the kinds themselves come from the server). */
export function botLabel(kind) {
  const words = {
    random: t('Random (learning the rules)'), rules: t('Rules of thumb'),
    montecarlo: t('Monte Carlo (strong, slower)'), cfr: t('Solved strategy (strongest)'),
  };
  return words[kind] || kind;
}

function tableState(table) {
  if (table.paused) return table.hand_number ? t('paused') : t('not started');
  return t('playing hand {n}', { n: table.hand_number });
}

function OpenTables({ games }) {
  const [answer, setAnswer] = useState(null);
  const [page, setPage] = useState(1);
  useEffect(() => {
    let live = true;
    const load = async () => {
      const response = await fetch(`/api/tables?page=${page}&per_page=20`).catch(() => null);
      if (live && response && response.ok) setAnswer(await response.json());
    };
    load();
    const timer = window.setInterval(load, 5000);
    return () => { live = false; window.clearInterval(timer); };
  }, [page]);
  if (!answer) return html`<p class="muted">${t('Loading…')}</p>`;
  if (!answer.tables.length) return html`<p class="muted">${t('No open tables yet: create one.')}</p>`;
  return html`<ul id="tables" class="tables">
      ${answer.tables.map((table) => {
        const game = games[table.game];
        const full = table.seated >= table.seats;
        return html`<li key=${table.id} data-table=${table.id} data-full=${full ? 'true' : 'false'}
            data-state=${table.paused ? (table.hand_number ? 'paused' : 'not_started') : 'playing'}>
          <a href=${`/t/${table.id}`}>${table.name}</a>
          <span class="muted">${game ? t(game.title) : table.game}${table.structure && game ? `, ${structureLabel(game, table.structure)}` : ''}</span>
          <span class="muted">${t('{seated} of {seats} seats taken', { seated: table.seated, seats: table.seats })}</span>
          <span class="states"><span class="state">${tableState(table)}</span>
            ${full ? html`<span class="state full">${t('full: watch')}</span>` : null}</span>
        </li>`;
      })}
    </ul>
    ${answer.pages > 1 ? html`<nav class="pager">
      <button type="button" disabled=${page <= 1} onClick=${() => setPage(page - 1)}>${t('Newer')}</button>
      <span>${t('Page {page} of {pages}', { page, pages: answer.pages })}</span>
      <button type="button" disabled=${page >= answer.pages} onClick=${() => setPage(page + 1)}>${t('Older')}</button>
    </nav>` : null}`;
}

/** A betting structure's words, from the game's own choice labels. */
export function structureLabel(game, structure) {
  const spec = game.options.find((o) => o.name === 'structure');
  const labels = (spec && spec.choice_labels) || {};
  return t(labels[structure] || structure);
}

/** The lobby page. */
export function Lobby({ games, onLanguage }) {
  return html`<${Header} onLanguage=${onLanguage}>
      <span class="tagline">${t('Palace Poker and Americana with friends. No sign-up.')}</span>
    <//>
    <main class="lobby">
      <section class="panel" id="create"><h2>${t('Create a table')}</h2><${CreateForm} games=${games} /></section>
      <section class="panel" id="open"><h2>${t('Open tables')}</h2><${OpenTables} games=${games} />
        <h2 class="learn">${t('Learn a game')}</h2>
        <ul class="learn-list">${Object.values(games).map((g) => html`<li key=${g.name}><${RulesLink} game=${g} /></li>`)}</ul>
      </section>
    </main>`;
}
