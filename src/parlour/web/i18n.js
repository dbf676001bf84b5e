// The browser's words, read from the server's message catalogs (the same .po files the
// terminal and narration use), so no translation lives in this code. English is the msgid
// itself: a missing catalog or entry reads as English, never as a key.
//
//   import { t, tn, tcode, loadLanguage, setLanguage, currentLanguage } from './i18n.js';
//   await loadLanguage();                 // once, before the first render
//   t('Your move')                        // -> "Twój ruch"
//   t('{name} raises to {amount}', { name, amount })
//   tn('{n} chip', '{n} chips', n)        // n is also a parameter
//   tcode(error.code, error.params, error.message)   // a server message in the viewer's words

const STORE_KEY = 'parlour.lang';

let state = {
  lang: 'en',
  languages: [{ code: 'en', name: 'English' }],
  // gettext plural forms in catalog order, named by Intl.PluralRules categories.
  categories: ['one', 'other'],
  messages: {},
  codes: {},
};

/** The language the page speaks now ("en", "pl", "sr", "sr-Latn", "eu"). */
export function currentLanguage() {
  return state.lang;
}

/** The languages the server has catalogs for, as [{code, name}] in their own names. */
export function languages() {
  return state.languages;
}

function fill(template, params) {
  return template.replace(/\{(\w+)\}/g, (whole, key) =>
    params && Object.prototype.hasOwnProperty.call(params, key) ? String(params[key]) : whole);
}

/** One message in the page's language, with {placeholders} filled from params. */
export function t(msgid, params) {
  const found = state.messages[msgid];
  return fill(typeof found === 'string' && found ? found : msgid, params);
}

function pluralIndex(n) {
  const category = new Intl.PluralRules(state.lang).select(n);
  const index = state.categories.indexOf(category);
  return index >= 0 ? index : state.categories.length - 1;
}

/** A message whose form depends on a count n ("1 żeton, 2 żetony, 5 żetonów"). */
export function tn(singular, plural, n, params) {
  const all = Object.assign({ n }, params || {});
  const forms = state.messages[singular + '\u0004' + plural] || state.messages[singular];
  if (Array.isArray(forms) && forms.length) {
    const form = forms[Math.min(pluralIndex(n), forms.length - 1)];
    if (form) return fill(form, all);
  }
  return fill(n === 1 ? singular : plural, all);
}

// A parameter of a server message may itself be a message ({code, params}: a hand's name
// inside a sentence) or a list ({join: "and"|"comma"|"semicolon"|"space", items, capital}:
// the names sharing a pot). Both are rendered in the viewer's words, as parlour.i18n.message
// renders them in Python.
const SEPARATORS = { comma: ', ', semicolon: '; ', space: ' ' };

function rendered(value) {
  if (value === null || typeof value !== 'object') return value;
  if (typeof value.code === 'string') return tcode(value.code, value.params || {}, '');
  if (Array.isArray(value.items)) {
    const items = value.items.map((item) => String(rendered(item)));
    let text;
    if (value.join in SEPARATORS || items.length <= 1) {
      text = items.join(SEPARATORS[value.join] || ', ');
    } else {
      text = tcode('list.and', { head: items.slice(0, -1).join(', '), last: items[items.length - 1] },
        '{head} and {last}');
    }
    return value.capital ? text.charAt(0).toUpperCase() + text.slice(1) : text;
  }
  return String(value);
}

/** A server message (code and parameters) in the viewer's words; fallback is its English.
 *  A code with plural forms (a list) picks the form for params.count. */
export function tcode(code, params, fallback) {
  const all = {};
  for (const [key, value] of Object.entries(params || {})) all[key] = rendered(value);
  let template = state.codes[code];
  if (Array.isArray(template)) {
    const count = Number(all.count);
    template = template[Math.min(pluralIndex(count), template.length - 1)];
  }
  return fill(template || fallback || code, all);
}

function preferred() {
  const stored = window.localStorage.getItem(STORE_KEY);
  if (stored) return [stored];
  return navigator.languages && navigator.languages.length ? navigator.languages : [navigator.language];
}

/** Load the catalog the viewer prefers (stored choice, then the browser's languages). */
export async function loadLanguage() {
  const response = await fetch('/api/i18n?prefer=' + encodeURIComponent(preferred().join(',')))
    .catch(() => null);
  if (!response || !response.ok) return state.lang;
  const catalog = await response.json();
  state = {
    lang: catalog.lang,
    languages: catalog.languages,
    categories: catalog.plural_categories,
    messages: catalog.messages,
    codes: catalog.codes,
  };
  document.documentElement.lang = catalog.lang;
  return state.lang;
}

/** Remember the viewer's choice of language; the caller re-renders or reloads. */
export async function setLanguage(code) {
  window.localStorage.setItem(STORE_KEY, code);
  return loadLanguage();
}
