// Renders server messages with web/i18n.js as the browser would: reads
// {"catalog": <GET /api/i18n body>, "messages": [{code, params}...]} on standard input
// and writes the rendered lines as a JSON list. Browser globals are stubbed minimally.
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

const input = JSON.parse(readFileSync(0, 'utf8'));
globalThis.window = { localStorage: { getItem: () => input.catalog.lang, setItem: () => {} } };
globalThis.navigator = { languages: [input.catalog.lang], language: input.catalog.lang };
globalThis.document = { documentElement: {} };
globalThis.fetch = async () => ({ ok: true, json: async () => input.catalog });

const i18n = await import(pathToFileURL(process.argv[2]).href);
await i18n.loadLanguage();
const out = input.messages.map((m) => i18n.tcode(m.code, m.params, m.message || ''));
const plurals = (input.plurals || []).map((p) => i18n.tn(p[0], p[1], p[2]));
process.stdout.write(JSON.stringify({ lang: i18n.currentLanguage(), lines: out, plurals }));
