import { lazy, Suspense, useEffect, useState } from "react";

/** The banner's code (and the announcements' module) in a chunk of its own; a failed download shows nothing. */
const AnnouncementBanner = lazy(() =>
  import("./announcement-banner").then(
    (m) => ({ default: m.AnnouncementBanner }),
    () => ({ default: () => null }),
  ),
);

/**
 * Where the organisers' announcement shows: in the page's flow above the header, so it never covers the page
 * (issue 51). The banner's code loads once the page is idle, so it does not weigh on the first download
 * (issue 52). The live region is in the pre-rendered page, so a banner appearing in it is announced.
 */
export function AnnouncementSlot() {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    const go = () => setIdle(true);
    if (typeof requestIdleCallback === "function") {
      const id = requestIdleCallback(go, { timeout: 3000 });
      return () => cancelIdleCallback(id);
    }
    const timer = setTimeout(go, 1000);
    return () => clearTimeout(timer);
  }, []);
  return (
    <div role="status">
      {idle ? (
        <Suspense fallback={null}>
          <AnnouncementBanner />
        </Suspense>
      ) : null}
    </div>
  );
}
