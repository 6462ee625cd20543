import { ArrowUp } from "lucide-react";
import { prefersReducedMotion } from "~/lib/motion";
import { useScrolledPast } from "~/lib/hooks/use-scrolled-past";

export const SCROLL_UP_THRESHOLD_PX = 200;

/** "Scroll to top" button, shown once the page has scrolled more than 200 px. */
export function ScrollUp() {
  const visible = useScrolledPast(SCROLL_UP_THRESHOLD_PX);

  return (
    <button
      type="button"
      hidden={!visible}
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
