import { ArrowUp } from "lucide-react";
import { useEffect, useState } from "react";
import { useLocation } from "react-router";
import { prefersReducedMotion } from "~/lib/motion";
import { useScrolledPast } from "~/lib/hooks/use-scrolled-past";

export const SCROLL_UP_THRESHOLD_PX = 200;

/** The organisers' pages: forms from top to bottom, where a floating button would cover a field on a phone. */
const isAdminPath = (pathname: string) => pathname === "/admin" || pathname.startsWith("/admin/");

/** A field someone types into (a button, checkbox or radio is not covered by the keyboard, nor typed into). */
function isTypingField(target: EventTarget | null): boolean {
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  if (target instanceof HTMLElement && target.isContentEditable) return true;
  return (
    target instanceof HTMLInputElement &&
    !["button", "submit", "reset", "checkbox", "radio", "range", "color", "file", "image"].includes(target.type)
  );
}

/** Whether a field someone types into has the focus (false in the pre-rendered HTML and the first render). */
function useTypingInField(): boolean {
  const [typing, setTyping] = useState(false);
  useEffect(() => {
    const update = () => setTyping(isTypingField(document.activeElement));
    update();
    document.addEventListener("focusin", update);
    document.addEventListener("focusout", update);
    return () => {
      document.removeEventListener("focusin", update);
      document.removeEventListener("focusout", update);
    };
  }, []);
  return typing;
}

/**
 * "Scroll to top" button, shown once the page has scrolled more than 200 px; never on the organisers' pages,
 * nor while a field has the focus (on a phone it would sit over the end of the field, issue 41). Loaded once
 * the page is idle (./scroll-up.tsx).
 */
export function ScrollUpButton() {
  const scrolled = useScrolledPast(SCROLL_UP_THRESHOLD_PX);
  const typing = useTypingInField();
  const { pathname } = useLocation();
  if (isAdminPath(pathname)) return null;

  return (
    <button
      type="button"
      hidden={!scrolled || typing}
      onClick={() => {
        window.scrollTo({ top: 0, behavior: prefersReducedMotion() ? "auto" : "smooth" });
        document.querySelector<HTMLElement>("#main")?.focus({ preventScroll: true });
      }}
      className="fixed end-5 bottom-5 z-30 inline-flex size-12 items-center justify-center rounded-full bg-gold text-ink shadow-soft hover:bg-night hover:text-gold"
    >
      <ArrowUp aria-hidden="true" size={22} strokeWidth={1.5} />
      <span className="sr-only">Scroll to top</span>
    </button>
  );
}
