// Parlour's browser client: the lobby or a table, drawn with Preact from the server's data.
// It never decides what is legal or copies a game fact: every choice comes from the
// snapshot's `legal` list and every game fact from GET /api/games (docs/web.md).
import { html, render } from './html.js';
import { loadLanguage } from './i18n.js';
import { loadGames } from './games.js';
import { Lobby } from './lobby.js';
import { TablePage } from './table.js';

const root = document.getElementById('root');

function draw(games) {
  const again = () => draw(games);
  const page = document.body.dataset.page === 'lobby'
    ? html`<${Lobby} games=${games} onLanguage=${again} />`
    : html`<${TablePage} games=${games} onLanguage=${again} />`;
  // Drawn again with the same tree: every word changes language, every input keeps its state.
  render(page, root);
}

async function start() {
  const [games] = await Promise.all([loadGames(), loadLanguage()]);
  draw(games);
}

start();
