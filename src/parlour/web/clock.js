// The turn clock on the seat whose turn it is: seconds of the turn, then of the time bank.
// It ticks on its own, so the rest of the table is not drawn again every second.
import { html, useEffect, useState } from './html.js';
import { t } from './i18n.js';
import { ClockIcon } from './icons.js';

/** `clock` as the snapshot sent it; `at` the performance.now() when it arrived. */
export function Clock({ clock, at }) {
  const [now, setNow] = useState(performance.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(performance.now()), 250);
    return () => window.clearInterval(timer);
  }, []);
  const elapsed = (now - at) / 1000;
  let turn = clock.turn_left - elapsed;
  let bank = clock.bank_left;
  if (turn < 0) {
    bank = Math.max(0, bank + turn);
    turn = 0;
  }
  const text = turn > 0 ? t('{n}s', { n: Math.ceil(turn) }) : t('bank {n}s', { n: Math.ceil(bank) });
  const urgent = turn > 0 ? turn <= 5 : bank <= 5;
  return html`<span class=${`clock${turn > 0 ? '' : ' bank'}${urgent ? ' urgent' : ''}`} data-clock=${clock.seat}
    title=${t('time left to act')}><${ClockIcon} />${text}</span>`;
}
