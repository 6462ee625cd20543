/**
 * What waits for the page's first paint (issue 52, docs/decisions/035): the heading font and the page's
 * JavaScript. Lighthouse counts every download that ends before the largest paint it observed as on the way
 * to it; on a phone they share the first round trips with the CSS and the page's picture. So both start once
 * the page has loaded and painted its first content:
 *
 * - `window.__afterPaint`, a promise, resolves then (where the browser reports no paints, after one frame;
 *   at the latest 3 s after the page began, for a page opened in a background tab, which does not paint).
 *   The hydration bootstrap awaits it (scripts/build/hydrate.ts).
 * - The heading font: <html> gets HEADING_FONT_CLASS then, and app.css points `--font-serif` at Fraunces
 *   under it, so the browser fetches the font only then. A later page of the same visit adds it at once (the
 *   font is cached). The start-up screen (1.2 s, app.css) covers the change on a first visit.
 *
 * Runs in <head> before anything paints; its hash is added to each page's CSP at postbuild. Dependency-free,
 * like PAGE_OPTIONS_SCRIPT.
 */

/** Set on <html> when the heading font applies: app.css points `--font-serif` at Fraunces under it. */
export const HEADING_FONT_CLASS = "heading-font";

/** The global promise: the bootstrap reads it by this name. */
export const AFTER_PAINT = "__afterPaint";

/** Remembered for the visit (sessionStorage): the font was applied once, so it is cached. */
export const HEADING_FONT_SEEN_KEY = "headingFont";

/** The longest the page's code and font wait for a paint the browser does not report. */
export const AFTER_PAINT_LIMIT_MS = 3000;

export const AFTER_PAINT_SCRIPT = `(function(){var w=window,d=document,P=w.PerformanceObserver,s;try{s=w.sessionStorage}catch(e){}w.${AFTER_PAINT}=new Promise(function(done){var loaded=d.readyState==="complete",painted=0;function both(){if(loaded&&painted)setTimeout(done)}function paint(){painted=1;both()}if(!loaded)addEventListener("load",function(){loaded=1;both()},{once:true});if(P&&P.supportedEntryTypes&&P.supportedEntryTypes.indexOf("paint")>=0){new P(function(l,o){if(l.getEntriesByName("first-contentful-paint").length){o.disconnect();paint()}}).observe({type:"paint",buffered:true});setTimeout(paint,${AFTER_PAINT_LIMIT_MS})}else requestAnimationFrame(paint)});function font(){d.documentElement.classList.add("${HEADING_FONT_CLASS}");try{s.setItem("${HEADING_FONT_SEEN_KEY}","1")}catch(e){}}try{if(s.getItem("${HEADING_FONT_SEEN_KEY}"))return font()}catch(e){}w.${AFTER_PAINT}.then(font)})()`;

/** In <noscript>: without JavaScript the heading font applies from the first paint. */
export const HEADING_FONT_NOSCRIPT = `:root{--font-serif:"Fraunces",Georgia,"Times New Roman",serif}`;
