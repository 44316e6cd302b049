import { createHash } from 'node:crypto';
import { jsonForScript } from '../../modules/content/home-page-html.js';

/**
 * On a page whose HTML already draws its first screen, the app's scripts are asked for only once
 * that screen has painted (docs/decisions/047-scripts-after-the-first-paint.md): on a slow line the
 * stylesheet, the fonts and the home page's first picture then have the whole line to themselves,
 * and the scripts follow. The page is inert until the app takes it over, so nothing typed is lost.
 *
 * The app's <script type="module"> and every <link rel="modulepreload"> become a list in a JSON
 * block, which one fixed inline script turns back into the same elements after the first frame.
 * That script's text never changes, so the CSP allows it by its hash (CSP_HASH), not by
 * 'unsafe-inline'.
 */

const LIST_ID = 'app-scripts';

/**
 * Starts the app once the browser reports the first contentful paint (the Paint Timing API, whose
 * entry comes when the frame is on the screen, not when it was handed to the compositor). A page
 * opened in a background tab paints nothing: it starts at once, or when it is hidden. Where the
 * browser does not report paints, the first frame and the task after it stand in. Whatever
 * happens, it starts 2 s after `load`: a page must never stay inert. ES5: it runs before anything
 * else. The first entry of the list is the app's module script, the rest its preloads.
 */
const STARTER =
  '(function(){var list=JSON.parse(document.getElementById("' +
  LIST_ID +
  '").textContent),started=false;' +
  'function start(){if(started)return;started=true;var f=document.createDocumentFragment();' +
  'list.forEach(function(src,i){var e=document.createElement(i?"link":"script");' +
  'if(i){e.rel="modulepreload";e.href=src}else{e.type="module";e.src=src}' +
  'e.crossOrigin="anonymous";f.appendChild(e)});document.head.appendChild(f)}' +
  'function soon(){setTimeout(start,0)}' +
  'if(document.visibilityState==="hidden")return soon();' +
  'document.addEventListener("visibilitychange",function(){if(document.visibilityState==="hidden")soon()});' +
  'addEventListener("load",function(){setTimeout(start,2000)});' +
  'var P=window.PerformanceObserver;' +
  'if(P&&P.supportedEntryTypes&&P.supportedEntryTypes.indexOf("paint")>=0)' +
  'new P(function(l,o){if(l.getEntriesByName("first-contentful-paint").length){o.disconnect();soon()}})' +
  '.observe({type:"paint",buffered:true});' +
  'else requestAnimationFrame(soon)})()';

/** The CSP source that lets STARTER (and no other inline script) run. */
export const STARTER_CSP_SOURCE = `'sha256-${createHash('sha256').update(STARTER).digest('base64')}'`;

const MODULE_SCRIPT = /<script type="module"[^>]*\bsrc="([^"]+)"[^>]*><\/script>/;
const MODULE_PRELOAD = /<link rel="modulepreload"[^>]*\bhref="([^"]+)"[^>]*>/g;

/**
 * `html` with the app's scripts started after the first paint. An HTML without the app's module
 * script (not a built page) is returned as it is.
 */
export function withScriptsAfterFirstPaint(html: string): string {
  const script = MODULE_SCRIPT.exec(html);
  if (!script || !html.includes('</head>')) return html;
  const preloads = [...html.matchAll(MODULE_PRELOAD)].map((m) => m[1]!);
  const list = [script[1]!, ...preloads].map((href) => href.replace(/&amp;/g, '&'));
  const stripped = html.replace(script[0], '').replace(MODULE_PRELOAD, '');
  return stripped.replace(
    '</head>',
    () =>
      `<script type="application/json" id="${LIST_ID}">${jsonForScript(list)}</script><script>${STARTER}</script></head>`,
  );
}
