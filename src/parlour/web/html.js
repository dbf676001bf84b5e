// The view library, bound once: Preact renders and reconciles, htm turns tagged template
// literals into Preact elements, so the client needs no build step (docs/web.md).
import { h, render, Fragment } from './vendor/preact/preact.module.js';
import htm from './vendor/htm/htm.module.js';

export { useState, useEffect, useRef, useMemo, useCallback } from './vendor/preact/hooks.module.js';
export { h, render, Fragment };

/** html`<div class=${name}>…</div>`: a Preact element from a template literal. */
export const html = htm.bind(h);
