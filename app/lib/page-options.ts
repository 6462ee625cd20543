import { useSyncExternalStore } from "react";

/**
 * The demo options of the coming-soon page (spec: "Demo options panel"): layout Full width / Boxed and
 * direction LTR / RTL, kept in localStorage under `boxedLayout` ("true" / "false") and `pageDirection`
 * ("ltr" / "rtl"). They live on <html> (`dir` and `data-layout`), set before first paint by
 * PAGE_OPTIONS_SCRIPT, so CSS mirrors and frames the whole page without a flash and React never
 * renders them (no hydration mismatch).
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

const listeners = new Set<() => void>();

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function store(key: string, value: string) {
  try {
    localStorage.setItem(key, value);
  } catch {
    // Storage blocked: the choice still applies to this page view.
  }
}

export function setDirection(direction: Direction) {
  const html = document.documentElement;
  if (direction === "rtl") html.dir = "rtl";
  else html.removeAttribute("dir");
  store(DIRECTION_KEY, direction);
  listeners.forEach((listener) => listener());
}

export function setLayout(layout: Layout) {
  const html = document.documentElement;
  if (layout === "boxed") html.dataset.layout = "boxed";
  else delete html.dataset.layout;
  store(BOXED_KEY, String(layout === "boxed"));
  listeners.forEach((listener) => listener());
}

const readDirection = (): Direction => (document.documentElement.dir === "rtl" ? "rtl" : "ltr");
const readLayout = (): Layout => (document.documentElement.dataset.layout === "boxed" ? "boxed" : "full");

/** The page direction: "ltr" in the pre-rendered HTML and while hydrating, then the real one. */
export function useDirection(): Direction {
  return useSyncExternalStore(subscribe, readDirection, () => "ltr");
}

/** The page layout: "full" in the pre-rendered HTML and while hydrating, then the real one. */
export function useLayout(): Layout {
  return useSyncExternalStore(subscribe, readLayout, () => "full");
}
