import { useEffect } from "react";
import { useLocation, useNavigationType } from "react-router";
import { prefersReducedMotion } from "~/lib/motion";

/** Spec: how long a hash link waits for its section to appear (hash-scroll fallback time-out). */
export const SECTION_WAIT_MS = 10_000;

/** Calls `found` with the element once it exists (at once, or when it is added within `timeoutMs`). */
export function whenElement(id: string, timeoutMs: number, found: (element: HTMLElement) => void): () => void {
  const now = document.getElementById(id);
  if (now) {
    found(now);
    return () => {};
  }
  const observer = new MutationObserver(() => {
    const element = document.getElementById(id);
    if (!element) return;
    stop();
    found(element);
  });
  const timer = window.setTimeout(() => stop(), timeoutMs);
  function stop() {
    observer.disconnect();
    window.clearTimeout(timer);
  }
  observer.observe(document.body, { childList: true, subtree: true });
  return stop;
}

/** The element that names a section (its aria-labelledby heading), else its first heading. */
function headingOf(section: HTMLElement): HTMLElement | null {
  const labelledBy = section.getAttribute("aria-labelledby");
  return (labelledBy && document.getElementById(labelledBy)) || section.querySelector<HTMLElement>("h1, h2, h3");
}

/** Focus moves once no modal (the phone menu) is open, since closing one returns focus to its opener. */
function focusWhenNoModal(element: HTMLElement, triesLeft = 30) {
  if (document.querySelector("dialog[open]") && triesLeft > 0) {
    requestAnimationFrame(() => focusWhenNoModal(element, triesLeft - 1));
    return;
  }
  if (!element.hasAttribute("tabindex")) element.setAttribute("tabindex", "-1");
  element.focus({ preventScroll: true });
}

/** What a visitor does to scroll on their own: the landing below gives way to it. */
const OWN_SCROLL = ["wheel", "touchstart", "keydown", "pointerdown"] as const;

/**
 * Scrolls smoothly to the section, then, when the scroll has ended, puts it in place again at once: pictures and
 * fonts that arrive during the scroll (a slow phone, a busy network) push the section down after the smooth
 * scroll has set its end. Nothing happens when the visitor scrolls on their own first. Answers the undoing.
 */
function glideTo(section: HTMLElement): () => void {
  const land = () => {
    stop();
    section.scrollIntoView({ behavior: "instant", block: "start" });
  };
  function stop() {
    window.removeEventListener("scrollend", land);
    for (const type of OWN_SCROLL) window.removeEventListener(type, stop, true);
  }
  window.addEventListener("scrollend", land);
  for (const type of OWN_SCROLL) window.addEventListener(type, stop, { capture: true, passive: true });
  section.scrollIntoView({ behavior: "smooth", block: "start" });
  return stop;
}

/**
 * Menu links such as /home#speakers: scroll to the section itself (CSS scroll-padding keeps it below the
 * sticky header), waiting up to 10 s for it to exist, smoothly unless reduced motion is preferred, and
 * move focus to its heading so keyboard users continue from there. The URL keeps the hash (shareable);
 * back and forward are left to React Router's scroll restoration. On a fresh page load (key "default")
 * the browser has already jumped to the section in the pre-rendered page: it is only checked, without
 * focus or animation. A smooth scroll lands again once it has ended (see glideTo).
 */
export function useSectionScroll() {
  const { hash, key } = useLocation();
  const navigationType = useNavigationType();

  useEffect(() => {
    if (!hash || hash === "#") return;
    const initial = navigationType === "POP";
    if (initial && key !== "default") return;
    const id = decodeURIComponent(hash.slice(1));
    const reduced = prefersReducedMotion();
    let stopGliding = () => {};
    const stopWaiting = whenElement(id, SECTION_WAIT_MS, (section) => {
      if (initial || reduced) section.scrollIntoView({ behavior: "instant", block: "start" });
      else stopGliding = glideTo(section);
      if (initial) return;
      const heading = headingOf(section);
      if (heading) focusWhenNoModal(heading);
    });
    return () => {
      stopWaiting();
      stopGliding();
    };
  }, [hash, key, navigationType]);
}
