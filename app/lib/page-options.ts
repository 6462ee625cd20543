/**
 * The demo options of the coming-soon page (spec: "Demo options panel"): layout Full width / Boxed and
 * direction LTR / RTL, kept in localStorage under `boxedLayout` ("true" / "false") and `pageDirection`
 * ("ltr" / "rtl"). They live on <html> (`dir` and `data-layout`), set before first paint by
 * PAGE_OPTIONS_SCRIPT, so CSS mirrors and frames the whole page without a flash and React never
 * renders them (no hydration mismatch). The choices as the page changes them are in ./page-options-store.ts:
 * every page runs the script, only the demo options and the toasts read or change them.
 */
export const BOXED_KEY = "boxedLayout";
export const DIRECTION_KEY = "pageDirection";

export type Direction = "ltr" | "rtl";
export type Layout = "full" | "boxed";

/**
 * Runs in <head> before anything paints (its hash is added to each page's CSP at postbuild).
 * Kept tiny and dependency-free; a blocked localStorage (privacy mode) leaves the defaults.
 */
export const PAGE_OPTIONS_SCRIPT = `try{var s=localStorage,d=document.documentElement;if(s.getItem("${DIRECTION_KEY}")==="rtl")d.dir="rtl";if(s.getItem("${BOXED_KEY}")==="true")d.dataset.layout="boxed"}catch(e){}`;
