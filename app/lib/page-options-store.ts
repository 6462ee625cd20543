/**
 * The demo options as the page changes and reads them (the coming-soon page's panel, the toasts' direction):
 * apart from ./page-options.ts, whose script every page runs, so that the rest is not in every page's first
 * download (issue 52).
 */
import { useSyncExternalStore } from "react";
import { BOXED_KEY, DIRECTION_KEY, type Direction, type Layout } from "./page-options";

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
