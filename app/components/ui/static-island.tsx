import { useEffect, useRef, useState, type MouseEvent, type ReactNode } from "react";
import { useNavigate } from "react-router";
import { attachReveal } from "~/lib/hooks/use-reveal";

/** True during the first hydration of a pre-rendered page (root.tsx marks `<html data-hydrated>` after it). */
const isHydrating = () => typeof document !== "undefined" && document.documentElement.dataset.hydrated !== "true";

/**
 * Content without state or handlers (text, images, links) that React need not hydrate. On the first load
 * the pre-rendered HTML is kept as it is and React skips the whole subtree (an element with
 * `dangerouslySetInnerHTML` is a leaf to hydration), which shortens the hydration task that blocks the
 * main thread. After a client-side navigation the children render normally. Links inside still navigate
 * client-side: clicks are delegated to the router.
 *
 * Only for children that are fully static: no state, effects or event handlers (they would not run);
 * entrance animations (`data-reveal-delay`, see use-reveal) are attached from here.
 */
export function StaticIsland({ children }: { children: ReactNode }) {
  const [frozen] = useState(isHydrating);
  const navigate = useNavigate();
  const ref = useRef<HTMLDivElement>(null);

  // The children's entrance animations (their useReveal hooks do not run while frozen).
  useEffect(() => {
    if (!frozen || !ref.current) return;
    const cleanups = [...ref.current.querySelectorAll<HTMLElement>("[data-reveal-delay]")].map((element) =>
      attachReveal(element, Number(element.dataset.revealDelay) || 0),
    );
    return () => cleanups.forEach((cleanup) => cleanup());
  }, [frozen]);

  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    if (!frozen || event.defaultPrevented || event.button !== 0) return;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const link = (event.target as Element).closest("a");
    if (!link || link.hasAttribute("download") || (link.target && link.target !== "_self")) return;
    const url = new URL(link.href);
    if (url.origin !== window.location.origin) return;
    event.preventDefault();
    void navigate(url.pathname + url.search + url.hash);
  };

  return frozen ? (
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-static-element-interactions -- delegates link clicks; links keep their own keyboard behaviour
    <div
      ref={ref}
      className="contents"
      onClick={onClick}
      suppressHydrationWarning
      dangerouslySetInnerHTML={{ __html: "" }}
    />
  ) : (
    <div className="contents">{children}</div>
  );
}
