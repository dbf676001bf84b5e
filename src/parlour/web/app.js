// Parlour's browser client: renders the server's snapshots and sends commands.
// It never decides what is legal: every button comes from the snapshot's `legal` list.

const $ = (sel, root = document) => root.querySelector(sel);
const el = (tag, attrs = {}, ...children) => {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (key === "class") node.className = value;
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else if (value !== undefined && value !== null && value !== false) node.setAttribute(key, value === true ? "" : value);
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
};

const SUITS = { c: "♣", d: "♦", h: "♥", s: "♠" };
const GAME_NAMES = { palace: "Palace Poker", americana: "Americana" };
const STRUCTURES = {
  palace: [["limit", "Limit"], ["no_limit", "No-limit"]],
  americana: [["limit", "Limit"], ["pot_limit", "Pot-limit"], ["no_limit", "No-limit"]],
};

function cardEl(card, extra = "") {
  if (!card) return el("span", { class: `card back ${extra}`, title: "hidden card" }, "");
  const rank = card.slice(0, -1), suit = card.slice(-1);
  const red = suit === "h" || suit === "d";
  return el("span", { class: `card ${red ? "red" : "black"} ${extra}`, title: card, "data-card": card },
    el("b", {}, rank === "T" ? "10" : rank), SUITS[suit] || suit);
}

function cardsEl(cards, extra = "") {
  return el("span", { class: "cards" }, (cards || []).map((c) => cardEl(c, extra)));
}

// ---------------------------------------------------------------- lobby page

function lobbyPage() {
  const form = $("#create-form");
  const game = form.elements.game;
  const syncGame = () => {
    const g = game.value;
    form.elements.structure.replaceChildren(...STRUCTURES[g].map(([v, t]) => el("option", { value: v }, t)));
    for (const row of form.querySelectorAll("[data-game]")) row.hidden = row.dataset.game !== g;
    form.elements.seats.max = g === "palace" ? 10 : 6;
    if (Number(form.elements.seats.value) > Number(form.elements.seats.max)) form.elements.seats.value = form.elements.seats.max;
  };
  game.addEventListener("change", syncGame);
  syncGame();
  form.elements.host_name.value = localStorage.getItem("parlour:name") || "";
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const f = form.elements, g = game.value, num = (n) => Number(f[n].value);
    const options = { structure: f.structure.value };
    // An empty optional field keeps the rulebook's default (derived from the small bet).
    const optional = (field, key) => { if (f[field].value !== "") options[key] = num(field); };
    if (g === "palace") {
      Object.assign(options, { small_bet: num("small_bet"), big_bet: num("big_bet"),
        max_soldiers: num("max_soldiers"), raise_cap: num("palace_raise_cap") });
      optional("palace_ante", "ante");
      optional("discard_fee", "discard_fee");
    } else {
      Object.assign(options, { ante: num("ante"), bring_in: num("bring_in"),
        raise_cap: num("raise_cap"), tie_break: f.tie_break.value, show_all: f.show_all.checked });
    }
    const body = {
      game: g, name: f.name.value, host_name: f.host_name.value, options,
      seats: num("seats"), starting_stack: num("starting_stack"),
      bots: Array(num("bot_count")).fill(f.bot_kind.value),
      clock_seconds: num("clock_seconds"), time_bank_seconds: num("time_bank_seconds"),
    };
    localStorage.setItem("parlour:name", f.host_name.value);
    const response = await fetch("/api/tables", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
    const answer = await response.json();
    if (!response.ok) { $("#create-error").textContent = answer.message; return; }
    localStorage.setItem(`parlour:token:${answer.id}`, answer.token);
    location.href = answer.url;
  });
  const list = async () => {
    const answer = await (await fetch("/api/tables")).json();
    const items = answer.tables.map((t) => el("li", {},
      el("a", { href: `/t/${t.id}` }, t.name),
      el("span", { class: "muted" }, ` ${GAME_NAMES[t.game] || t.game}, ${t.structure}, ${t.seated}/${t.seats} seated${t.paused ? ", not started" : ""}`)));
    $("#tables").replaceChildren(...(items.length ? items : [el("li", { class: "muted" }, "No open tables yet: create one.")]));
  };
  list();
  setInterval(list, 5000);
}

// ---------------------------------------------------------------- table page

const tableId = location.pathname.split("/").pop();
const tokenKey = `parlour:token:${tableId}`;
let socket = null;
let snap = null;
let clockBase = null;
let retry = 500;

function send(message) {
  if (!socket || socket.readyState !== WebSocket.OPEN || !snap) return;
  socket.send(JSON.stringify({ seq: snap.seq, ...message }));
}

function act(action) { send({ type: "act", action }); }

function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  socket = new WebSocket(`${scheme}://${location.host}/ws/tables/${tableId}`);
  socket.addEventListener("open", () => {
    retry = 500;
    showBanner(null);
    socket.send(JSON.stringify({ type: "hello", token: localStorage.getItem(tokenKey) }));
  });
  socket.addEventListener("message", (event) => {
    const message = JSON.parse(event.data);
    if (message.type === "snapshot") { snap = message; clockBase = performance.now(); render(); }
    else if (message.type === "error") showBanner(message.message, "error", 4000);
  });
  socket.addEventListener("close", () => {
    showBanner("Connection lost: reconnecting…", "warn");
    setTimeout(connect, retry);
    retry = Math.min(retry * 2, 8000);
  });
}

let bannerTimer = null;
function showBanner(text, kind = "info", ms = 0) {
  const banner = $("#banner");
  clearTimeout(bannerTimer);
  banner.hidden = !text;
  banner.className = `banner ${kind}`;
  banner.textContent = text || "";
  if (text && ms) bannerTimer = setTimeout(() => { banner.hidden = true; }, ms);
}

function seatName(seat) {
  const found = snap && snap.seats.find((s) => s.seat === seat);
  if (found) return found.name;
  const inView = snap && snap.view && (snap.view.seats || snap.view.players || []).find((s) => s.seat === seat);
  return inView && inView.name ? inView.name : `Seat ${seat + 1}`;
}

function render() {
  const t = snap.table;
  // The tab says when it is your turn, so a player in another tab notices.
  document.title = `${(snap.legal || []).length ? "▶ Your turn · " : ""}${t.name}: Parlour`;
  $("#table-name").textContent = `${t.name}`;
  const status = [GAME_NAMES[t.game] || t.game, t.options.structure.replace("_", "-")];
  if (t.hand_number) status.push(`hand ${t.hand_number}`);
  if (t.paused) status.push(t.hand_number ? "paused" : "not started");
  $("#status").textContent = status.join(" · ");
  renderFelt($("#felt"), snap.view, { seats: snap.seats, toAct: snap.to_act, mySeat: snap.you.seat, live: true });
  renderActions();
  renderJoin();
  renderMine();
  renderHost();
  renderChat();
  renderLog($("#log"), snap.log);
  renderHands();
  renderLedger();
}

// -- the felt: one renderer per game, used by live play and by replays

function renderFelt(root, view, ctx) {
  const center = root.querySelector(".center");
  const seatsRoot = root.querySelector(".seats");
  const game = snap.table.game;
  const rows = view ? (game === "palace" ? view.players : view.seats) : [];
  const bySeat = new Map(rows.map((r) => [r.seat, r]));
  const table = ctx.seats || rows.map((r) => ({ seat: r.seat, name: r.name, stack: r.stack }));
  center.replaceChildren(...(view ? (game === "palace" ? palaceCenter(view) : americanaCenter(view))
    : [el("p", { class: "muted" }, snap.table.paused ? (snap.you.host ? "Press Start when everyone is seated." : "Waiting for the host to start.") : "Waiting for players…")]));
  seatsRoot.replaceChildren(...table.map((s) => seatBox(s, bySeat.get(s.seat), view, ctx)));
}

function seatBox(s, row, view, ctx) {
  const classes = ["seat"];
  const toAct = view ? view.to_act : null;
  if (toAct === s.seat) classes.push("to-act");
  if (s.seat === ctx.mySeat) classes.push("mine");
  if (row && row.dealt_in && !row.in_hand) classes.push("out");
  const badges = [];
  if (view && (view.button === s.seat || snap.table.button === s.seat)) badges.push(el("span", { class: "badge dealer", title: "dealer" }, "D"));
  if (s.host) badges.push(el("span", { class: "badge", title: "host" }, "host"));
  if (s.bot) badges.push(el("span", { class: "badge bot" }, `${s.bot} bot`));
  if (s.connected === false) badges.push(el("span", { class: "badge warn" }, "disconnected"));
  if (s.sitting_out) badges.push(el("span", { class: "badge" }, "sitting out"));
  if (s.leaving) badges.push(el("span", { class: "badge" }, "leaving"));
  const stack = row ? row.stack : s.stack;
  const body = [];
  if (row && snap.table.game === "palace") body.push(...palaceSeat(row, view));
  if (row && snap.table.game === "americana") body.push(...americanaSeat(row));
  const clock = ctx.live && snap.clock && snap.clock.seat === s.seat ? el("div", { class: "clock", "data-seat": s.seat }) : null;
  const note = ctx.live && snap.notes && snap.notes[s.seat] ? el("div", { class: "worth", "data-worth": s.seat, title: "what these cards are worth" }, snap.notes[s.seat]) : null;
  return el("div", { class: classes.join(" "), "data-seat": s.seat },
    el("div", { class: "who" }, el("strong", {}, s.name), " ", badges),
    el("div", { class: "stack" }, `${stack} chips`),
    body, note, clock);
}

function americanaCenter(view) {
  const street = view.street ? `Round ${view.street}` : "";
  const parts = [el("div", { class: "pot" }, `Pot ${view.pot}`), el("div", { class: "muted" }, street, view.current_bet ? ` · bet to call ${view.current_bet}` : "")];
  // With an all-in player the pot splits into a main pot and side pots (A-50).
  const pots = view.pots || [];
  if (!view.outcome && pots.length > 1) {
    parts.push(el("div", { class: "side-pots" }, pots.map((p, i) =>
      el("span", {}, `${i ? "Side pot" : "Main pot"} ${p.amount}: ${p.eligible.map(seatName).join(", ")}`))));
  }
  if (view.outcome) parts.push(outcomeEl(view.outcome));
  return parts;
}

function americanaSeat(row) {
  const out = [];
  if (!row.dealt_in) return [el("div", { class: "muted" }, "not dealt in")];
  const hole = row.hole ? cardEl(row.hole, "hole") : cardEl(null, "hole");
  out.push(el("div", { class: "hand" }, hole, cardsEl(row.upcards)));
  const notes = [];
  if (row.bet) notes.push(`bet ${row.bet}`);
  if (!row.in_hand) notes.push(row.mucked ? "mucked" : "folded");
  if (row.shown) notes.push("shown");
  if (notes.length) out.push(el("div", { class: "note" }, notes.join(" · ")));
  return out;
}

function palaceCenter(view) {
  const parts = [
    el("div", { class: "pot" }, `Pot ${view.pot}`),
    el("div", { class: "piles" }, el("span", { class: "pile" }, `Draw pile ${view.draw_count}`), " ", el("span", { class: "pile" }, `Discard pile ${view.discard_count}`)),
  ];
  if (view.own_discards && view.own_discards.length) parts.push(el("div", { class: "muted" }, "You discarded ", cardsEl(view.own_discards, "small")));
  if (view.battle) {
    const b = view.battle;
    parts.push(el("div", { class: "battle" }, el("strong", {}, "Battle: "),
      `${seatName(b.attacker)} attacks ${seatName(b.defender)}`,
      el("div", { class: "muted" }, `${seatName(b.attacker)} owes ${b.attacker_owes} · ${seatName(b.defender)} owes ${b.defender_owes}${b.raises ? ` · raises ${b.raises}` : ""}`)));
  }
  if (view.phase === "trim") parts.push(el("div", { class: "muted" }, `${seatName(view.to_act)} trims soldiers`));
  if (view.outcome) parts.push(outcomeEl(view.outcome));
  return parts;
}

function palaceSeat(row, view) {
  if (!row.dealt_in) return [el("div", { class: "muted" }, "not dealt in")];
  const palace = row.palace ? cardsEl(row.palace, "palace") : cardsEl(Array(row.palace_size).fill(null), "palace");
  const out = [
    el("div", { class: "hand" }, row.banner ? el("span", { class: "banner-card", title: "banner" }, cardEl(row.banner, "banner")) : null,
      el("span", { class: "palace-cards", title: "palace" }, palace)),
    el("div", { class: "soldiers", title: "soldiers" }, row.soldiers.length ? cardsEl(row.soldiers, "small") : el("span", { class: "muted" }, "no soldiers")),
  ];
  const notes = [];
  if (row.paid) notes.push(`paid ${row.paid}`);
  if (!row.in_hand) notes.push("out");
  if (view.battle && (view.battle.attacker === row.seat || view.battle.defender === row.seat)) notes.push(view.battle.attacker === row.seat ? "attacking" : "defending");
  if (notes.length) out.push(el("div", { class: "note" }, notes.join(" · ")));
  return out;
}

function outcomeEl(outcome) {
  const pots = outcome.pots.map((p, i) =>
    el("div", {}, `${i ? "Side pot" : "Pot"} ${p.amount} → ${p.winners.map(seatName).join(" & ") || "nobody"}`));
  const back = (outcome.returned || []).map((r) => el("div", { class: "returned" }, `${r.amount} returned to ${seatName(r.seat)}`));
  return el("div", { class: "outcome" }, pots, back);
}

// -- actions: only what the snapshot lists

const LABELS = { fold: "Fold", check: "Check", call: "Call", bring_in: "Bring in", stay: "Stay", buy: "Buy" };
// One key per plain choice, as in the terminal (check and call never appear together).
const KEYS = { fold: "f", check: "c", call: "c", bring_in: "b", buy: "b", stay: "s" };

// A key press takes the plain choice it names, unless the player is typing somewhere.
function onKey(event) {
  if (event.ctrlKey || event.metaKey || event.altKey || event.repeat) return;
  if (event.target.closest && event.target.closest("input, textarea, select, dialog[open]")) return;
  const button = document.querySelector(`#actions button[data-key="${CSS.escape(event.key.toLowerCase())}"]`);
  if (button && !button.disabled) { event.preventDefault(); button.click(); }
}

function renderActions() {
  const root = $("#actions");
  const legal = snap.legal || [];
  root.hidden = !legal.length;
  if (!legal.length) { root.replaceChildren(); return; }
  const items = [el("h2", {}, "Your move")];
  const plain = el("div", { class: "buttons" });
  for (const choice of legal) {
    const d = choice.do;
    if ("min_to" in choice) items.push(rangeChoice(choice, "to", choice.min_to, choice.max_to, `${d === "bet" ? "Bet" : "Raise"} to`));
    else if (d === "raise" && "min_by" in choice) items.push(rangeChoice(choice, "by", choice.min_by, choice.max_by, `Call ${choice.call} and raise by`));
    else if (d === "bet" && "target" in choice) items.push(attackChoice(choice));
    else if (d === "trim" || d === "discard") items.push(cardChoice(choice));
    else plain.append(el("button", { type: "button", class: d === "fold" ? "danger" : "primary", "data-do": d, "data-key": KEYS[d], title: KEYS[d] ? `key ${KEYS[d].toUpperCase()}` : null, onclick: () => act({ do: d }) },
      `${LABELS[d] || d}${choice.amount ? ` ${choice.amount}` : ""}`, KEYS[d] ? el("kbd", {}, KEYS[d].toUpperCase()) : null));
  }
  if (plain.children.length) items.splice(1, 0, plain);
  root.replaceChildren(...items);
}

function rangeChoice(choice, field, low, high, label) {
  const input = el("input", { type: "number", min: low, max: high, value: low, step: 1, "aria-label": label });
  const slider = el("input", { type: "range", min: low, max: high, value: low, step: 1 });
  slider.addEventListener("input", () => { input.value = slider.value; });
  input.addEventListener("input", () => { slider.value = input.value; });
  const go = () => {
    const value = Math.round(Number(input.value));
    if (!(value >= low && value <= high)) { showBanner(`Choose from ${low} to ${high}`, "error", 3000); return; }
    act({ do: choice.do, [field]: value });
  };
  return el("div", { class: "range", "data-do": choice.do }, el("label", {}, label, " ", input), low < high ? slider : null,
    el("button", { type: "button", class: "primary", "data-do": choice.do, onclick: go }, choice.do === "bet" ? "Bet" : "Raise"),
    low < high ? el("span", { class: "muted" }, ` ${low}–${high}`) : null);
}

function attackChoice(choice) {
  const name = seatName(choice.target);
  const extra = choice.max_extra ? el("input", { type: "number", min: 0, max: choice.max_extra, value: 0, "aria-label": "extra" }) : null;
  const go = () => {
    const action = { do: "bet", target: choice.target };
    if (extra) {
      const value = Math.round(Number(extra.value));
      if (value && !(value >= choice.min_extra && value <= choice.max_extra)) { showBanner(`Extra: 0 or ${choice.min_extra} to ${choice.max_extra}`, "error", 3000); return; }
      action.extra = value;
    }
    act(action);
  };
  return el("div", { class: "attack", "data-target": choice.target },
    el("button", { type: "button", class: "primary", "data-do": "bet", "data-target": choice.target, onclick: go }, `Attack ${name}`),
    el("span", {}, ` you bet ${choice.bet}, ${name} must pay ${choice.call} to call`),
    extra ? el("label", {}, ` extra (0 or ${choice.min_extra}–${choice.max_extra}) `, extra) : null);
}

function cardChoice(choice) {
  const picked = new Set();
  const note = el("span", { class: "muted" });
  const button = el("button", { type: "button", class: "primary", "data-do": choice.do });
  const update = () => {
    const ok = picked.size >= choice.least && picked.size <= choice.most;
    button.disabled = !ok;
    button.textContent = `${choice.do === "trim" ? "Trim" : "Discard"} ${picked.size} card${picked.size === 1 ? "" : "s"}${choice.amount ? ` (fee ${choice.amount})` : ""}`;
    note.textContent = ` choose ${choice.least === choice.most ? choice.least : `${choice.least} to ${choice.most}`}`;
  };
  const cards = choice.soldiers.map((c) => {
    const node = cardEl(c, "pick");
    node.tabIndex = 0;
    node.addEventListener("click", () => { picked.has(c) ? picked.delete(c) : picked.add(c); node.classList.toggle("picked"); update(); });
    return node;
  });
  button.addEventListener("click", () => act({ do: choice.do, cards: [...picked] }));
  update();
  return el("div", { class: "card-choice", "data-do": choice.do }, el("div", {}, el("strong", {}, choice.do === "trim" ? "Trim soldiers" : "Discard soldiers"), note), el("div", { class: "cards" }, cards), button);
}

// -- joining, own seat, host

function renderJoin() {
  const you = snap.you;
  $("#join").hidden = you.seat !== null;
  $("#join-form").hidden = you.request !== null;
  $("#join-wait").hidden = you.request === null;
}

function renderMine() {
  const root = $("#mine");
  const me = snap.seats.find((s) => s.seat === snap.you.seat);
  root.hidden = !me;
  if (!me) return;
  root.replaceChildren(
    el("span", {}, `You are ${me.name}, seat ${me.seat + 1}. `),
    me.sitting_out ? el("button", { type: "button", onclick: () => send({ type: "sit_in" }) }, "I'm back")
      : el("button", { type: "button", onclick: () => send({ type: "sit_out" }) }, "Sit out"),
    el("button", { type: "button", class: "danger", onclick: () => { if (confirm("Leave the table?")) send({ type: "leave" }); } }, "Leave table"));
}

function renderHost() {
  const root = $("#host");
  root.hidden = !snap.you.host;
  if (!snap.you.host) return;
  const t = snap.table;
  const requests = snap.requests.map((r) => {
    const stack = el("input", { type: "number", min: 0, value: t.starting_stack, "aria-label": "stack" });
    return el("li", { "data-request": r.id }, `${r.name} asks for a seat `, stack,
      el("button", { type: "button", class: "primary", onclick: () => send({ type: "approve", request: r.id, stack: Number(stack.value) }) }, "Approve"),
      el("button", { type: "button", onclick: () => send({ type: "deny", request: r.id }) }, "Decline"));
  });
  const seats = snap.seats.map((s) => {
    const stack = el("input", { type: "number", min: 0, value: s.pending_stack ?? s.stack, "aria-label": `stack of ${s.name}` });
    return el("li", {}, `${s.name} `, stack,
      el("button", { type: "button", onclick: () => send({ type: "set_stack", seat: s.seat, stack: Number(stack.value) }) }, "Set stack"),
      s.seat === snap.you.seat || s.bot ? null : el("button", { type: "button", onclick: () => send({ type: "mute", seat: s.seat, muted: !s.muted }) }, s.muted ? "Unmute" : "Mute"),
      s.seat === snap.you.seat ? null : el("button", { type: "button", class: "danger", onclick: () => send({ type: "remove", seat: s.seat }) }, "Remove"));
  });
  const kind = el("select", { "aria-label": "bot kind" }, ["rules", "random", "montecarlo"].map((k) => el("option", { value: k }, k)));
  root.replaceChildren(
    el("h2", {}, "Host"),
    el("div", { class: "buttons" },
      t.paused ? el("button", { type: "button", class: "primary", id: "start", onclick: () => send({ type: "resume" }) }, t.hand_number ? "Resume" : "Start game")
        : el("button", { type: "button", onclick: () => send({ type: "pause" }) }, "Pause"),
      kind, el("button", { type: "button", onclick: () => send({ type: "add_bot", kind: kind.value }) }, "Add bot")),
    requests.length ? el("ul", { class: "requests" }, requests) : el("p", { class: "muted" }, "No seat requests. Share the link: ", el("code", {}, location.href)),
    el("details", {}, el("summary", {}, "Seats and stacks"), el("ul", { class: "host-seats" }, seats)));
}

// -- log, hands, ledger, replay

// The server tells each event in words for this viewer (parlour.narration); the page
// only shows them, so the browser, the terminal and the hand histories read alike.
function eventText(e) {
  return e.text || e.kind.replaceAll("_", " ");
}

function renderLog(root, events) {
  root.replaceChildren(...events.slice().reverse().map((e) => e.kind === "chat"
    ? el("li", { class: "ev-chat" }, el("b", {}, `${e.name}: `), e.said)
    : el("li", { class: `ev-${e.kind}` }, eventText(e))));
}

function renderChat() {
  const form = $("#chat-form");
  const me = snap.seats.find((s) => s.seat === snap.you.seat);
  form.hidden = !me;
  const muted = Boolean(me && me.muted);
  form.elements.text.disabled = muted;
  form.elements.text.placeholder = muted ? "The host has muted you" : "Say something to the table";
}

function renderHands() {
  const token = localStorage.getItem(tokenKey);
  const items = snap.hands.slice().reverse().map((n) => el("li", {},
    `Hand ${n} `,
    el("button", { type: "button", "data-replay": n, onclick: () => openReplay(n) }, "Replay"),
    el("a", { href: `/api/tables/${tableId}/hands/${n}${token ? `?token=${encodeURIComponent(token)}` : ""}`, download: `${tableId}-hand-${n}.json` }, "Download")));
  $("#hands").replaceChildren(...(items.length ? items : [el("li", { class: "muted" }, "No finished hands yet.")]));
}

function renderLedger() {
  const rows = snap.ledger.map((r) => el("tr", {}, el("td", {}, r.name), el("td", {}, r.buy_in), el("td", {}, r.stack), el("td", {}, r.cashed_out), el("td", { class: r.net < 0 ? "neg" : "pos" }, r.net > 0 ? `+${r.net}` : r.net)));
  $("#ledger").replaceChildren(el("tr", {}, ["Player", "Buy-in", "Stack", "Out", "Net"].map((h) => el("th", {}, h))), ...rows);
  const payments = (snap.settle || []).map((p) => el("li", {}, `${p.payer} pays ${p.payee} ${p.amount}`));
  $("#settle").replaceChildren(...(payments.length ? payments : [el("li", { class: "muted" }, "No player owes another.")]));
}

let replay = null;
async function openReplay(number) {
  const token = localStorage.getItem(tokenKey);
  const response = await fetch(`/api/tables/${tableId}/hands/${number}?steps=1`, { headers: token ? { "x-parlour-token": token } : {} });
  if (!response.ok) { showBanner("That hand cannot be replayed", "error", 3000); return; }
  replay = { number, step: 0, ...(await response.json()) };
  $("#replay").showModal();
  drawReplay();
}

function drawReplay() {
  const frame = replay.frames[replay.step];
  $("#replay-title").textContent = `Hand ${replay.number}`;
  // The step is named by the sentence of its first event (the decision itself).
  const said = frame.action && frame.events.length ? frame.events[0].text : null;
  $("#replay-step").textContent = `Step ${replay.step + 1} of ${replay.frames.length}: ${said || (frame.action ? `${seatName(frame.action.seat)} ${frame.action.do}` : "the deal")}`;
  renderFelt($("#replay-felt"), frame.view, { mySeat: replay.seat, live: false });
  renderLog($("#replay-events"), frame.events);
  $("#replay-prev").disabled = replay.step === 0;
  $("#replay-next").disabled = replay.step === replay.frames.length - 1;
}

function tickClock() {
  if (snap && snap.clock && clockBase !== null) {
    const elapsed = (performance.now() - clockBase) / 1000;
    let turn = snap.clock.turn_left - elapsed, bank = snap.clock.bank_left;
    if (turn < 0) { bank = Math.max(0, bank + turn); turn = 0; }
    for (const node of document.querySelectorAll(".clock")) {
      node.textContent = turn > 0 ? `⏱ ${Math.ceil(turn)}s` : `⏱ time bank ${Math.ceil(bank)}s`;
      node.classList.toggle("bank", turn <= 0);
    }
  }
  requestAnimationFrame(tickClock);
}

function tablePage() {
  $("#share").addEventListener("click", async () => {
    try { await navigator.clipboard.writeText(location.href); showBanner("Link copied", "info", 2000); }
    catch { showBanner(location.href, "info", 6000); }
  });
  const joinForm = $("#join-form");
  joinForm.elements.name.value = localStorage.getItem("parlour:name") || "";
  joinForm.addEventListener("submit", async (event) => {
    event.preventDefault();
    const name = joinForm.elements.name.value;
    localStorage.setItem("parlour:name", name);
    const response = await fetch(`/api/tables/${tableId}/join`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ name }) });
    const answer = await response.json();
    if (!response.ok) { showBanner(answer.message, "error", 4000); return; }
    localStorage.setItem(tokenKey, answer.token);
    socket.send(JSON.stringify({ type: "hello", token: answer.token }));
  });
  const chatForm = $("#chat-form");
  chatForm.addEventListener("submit", (event) => {
    event.preventDefault();
    const text = chatForm.elements.text.value.trim();
    if (!text) return;
    send({ type: "chat", text });
    chatForm.elements.text.value = "";
  });
  $("#replay-close").addEventListener("click", () => $("#replay").close());
  $("#replay-prev").addEventListener("click", () => { replay.step -= 1; drawReplay(); });
  $("#replay-next").addEventListener("click", () => { replay.step += 1; drawReplay(); });
  document.addEventListener("keydown", onKey);
  connect();
  requestAnimationFrame(tickClock);
}

if (document.body.dataset.page === "lobby") lobbyPage(); else tablePage();
