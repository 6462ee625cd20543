import { lazy, Suspense, useEffect, useState, type ComponentType } from "react";
import { whenIdle } from "~/lib/idle";

const loadMessage = () => import("./offline-message");
const OfflineMessage = lazy<ComponentType>(() =>
  loadMessage().then(
    (m) => ({ default: m.OfflineMessage }),
    () => ({ default: () => null }),
  ),
);

/**
 * While the browser is offline: a notice that the pages come from the copy saved on this device, and when
 * that copy was saved, so a visitor at the venue knows how fresh their schedule is. Its words
 * (./offline-message.tsx) are not in the page's first download (issue 52): they are fetched once the page is
 * idle, so they are there, and in the offline copy, when the connection goes.
 */
export function OfflineNotice() {
  const [offline, setOffline] = useState(false);
  useEffect(() => {
    const update = () => setOffline(!navigator.onLine);
    update();
    window.addEventListener("online", update);
    window.addEventListener("offline", update);
    const cancel = whenIdle(() => void loadMessage().catch(() => {}));
    return () => {
      window.removeEventListener("online", update);
      window.removeEventListener("offline", update);
      cancel();
    };
  }, []);
  return (
    <div role="status" className="pointer-events-none fixed inset-x-0 bottom-4 z-40 flex justify-center px-4">
      {offline && (
        <Suspense fallback={null}>
          <OfflineMessage />
        </Suspense>
      )}
    </div>
  );
}
