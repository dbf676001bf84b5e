// Short sounds made with WebAudio (no sound files): a chime when it becomes your turn, a
// tick for someone's move, a chip clink for money moving. The mute switch is remembered.
const MUTE_KEY = 'parlour.muted';
let context = null;

/** Whether the viewer muted the table's sounds (remembered in this browser). */
export function muted() {
  return window.localStorage.getItem(MUTE_KEY) === '1';
}

/** Mute or unmute, and remember it. */
export function setMuted(value) {
  window.localStorage.setItem(MUTE_KEY, value ? '1' : '0');
}

// Browsers start audio only after a gesture: the context is made on the first one.
function audio() {
  if (!context) {
    const Maker = window.AudioContext || window.webkitAudioContext;
    if (!Maker) return null;
    context = new Maker();
  }
  if (context.state === 'suspended') context.resume().catch(() => {});
  return context;
}

/** Make the audio context during a user gesture, so later sounds may play. */
export function unlockAudio() {
  if (!muted()) audio();
}

function tone(ctx, frequency, start, length, volume, type = 'sine') {
  const osc = ctx.createOscillator();
  const gain = ctx.createGain();
  osc.type = type;
  osc.frequency.setValueAtTime(frequency, start);
  gain.gain.setValueAtTime(0.0001, start);
  gain.gain.exponentialRampToValueAtTime(volume, start + 0.01);
  gain.gain.exponentialRampToValueAtTime(0.0001, start + length);
  osc.connect(gain).connect(ctx.destination);
  osc.start(start);
  osc.stop(start + length + 0.02);
}

const SOUNDS = {
  // Two rising notes: your turn.
  turn: (ctx, now) => { tone(ctx, 660, now, 0.18, 0.2); tone(ctx, 880, now + 0.14, 0.25, 0.2); },
  // A soft tick: someone checked, stayed or folded.
  move: (ctx, now) => tone(ctx, 420, now, 0.07, 0.08, 'triangle'),
  // Two quick high clinks: chips went in.
  chips: (ctx, now) => { tone(ctx, 2100, now, 0.05, 0.07, 'square'); tone(ctx, 2500, now + 0.05, 0.06, 0.05, 'square'); },
  // A short arpeggio: a pot was won.
  win: (ctx, now) => [523, 659, 784].forEach((f, i) => tone(ctx, f, now + i * 0.09, 0.22, 0.12)),
};

/** Play one of the table's sounds, unless muted or the browser has no audio yet. */
export function play(name) {
  if (muted() || !context || !SOUNDS[name]) return;
  const ctx = audio();
  if (ctx) SOUNDS[name](ctx, ctx.currentTime + 0.01);
}
