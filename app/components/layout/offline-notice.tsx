import { WifiOff } from "lucide-react";
import { useEffect, useState } from "react";
import { offlineCopySavedAt } from "~/lib/agenda/offline";

/**
 * While the browser is offline: a notice that the pages come from the copy saved on this device, and when
 * that copy was saved, so a visitor at the venue knows how fresh their schedule is.
 */
export function OfflineNotice() {
  const [savedAt, setSavedAt] = useState<Date | null | undefined>(undefined);
  useEffect(() => {
    const update = () => setSavedAt(navigator.onLine ? undefined : offlineCopySavedAt());
    update();
    window.addEventListener("online", update);
    window.addEventListener("offline", update);
    return () => {
      window.removeEventListener("online", update);
      window.removeEventListener("offline", update);
    };
  }, []);
  return (
    <div role="status" className="pointer-events-none fixed inset-x-0 bottom-4 z-40 flex justify-center px-4">
      {savedAt !== undefined && (
        <p
          className="pointer-events-auto flex items-center gap-2 rounded-full bg-night px-4 py-2 text-sm text-paper shadow-soft"
          data-offline-notice
        >
          <WifiOff aria-hidden="true" className="size-4 shrink-0 text-gold" />
          {savedAt
            ? `You are offline: this is the copy saved on this device on ${savedAt.toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" })}.`
            : "You are offline: pages you have not opened before cannot load."}
        </p>
      )}
    </div>
  );
}
