// Game facts, read once from the server (GET /api/games, built from each game's GameMeta):
// names, seats, structures, options with limits, bots, keys, the How to play page.
let loaded = null;

/** Every game the server offers, as {name: game}. */
export async function loadGames() {
  if (!loaded) {
    loaded = fetch('/api/games')
      .then((response) => response.json())
      .then((answer) => Object.fromEntries(answer.games.map((game) => [game.name, game])));
  }
  return loaded;
}
