import { lazy, Suspense, useEffect, useState } from "react";
import { whenIdle } from "~/lib/idle";

/** A button that cannot load (offline, before the offline copy holds it) is left out rather than an error page. */
const ScrollUpButton = lazy(() =>
  import("./scroll-up-button").then(
    (m) => ({ default: m.ScrollUpButton }),
    () => ({ default: () => null }),
  ),
);

/**
 * The "Scroll to top" button (./scroll-up-button.tsx). It shows only once the visitor has scrolled, so its
 * code is not in the page's first download (issue 52): it loads once the page is idle.
 */
export function ScrollUp() {
  const [idle, setIdle] = useState(false);
  useEffect(() => whenIdle(() => setIdle(true)), []);
  return idle ? (
    <Suspense fallback={null}>
      <ScrollUpButton />
    </Suspense>
  ) : null;
}
