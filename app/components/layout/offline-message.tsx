import { WifiOff } from "lucide-react";
import { useState } from "react";
import { offlineCopySavedAt } from "~/lib/agenda/offline-copy";

/** What ./offline-notice.tsx says while the browser is offline: where the pages come from, and how fresh they are. */
export function OfflineMessage() {
  const [savedAt] = useState(offlineCopySavedAt);
  return (
    <p
      className="pointer-events-auto flex items-center gap-2 rounded-full bg-night px-4 py-2 text-sm text-paper shadow-soft"
      data-offline-notice
    >
      <WifiOff aria-hidden="true" className="size-4 shrink-0 text-gold" />
      {savedAt
        ? `You are offline: this is the copy saved on this device on ${savedAt.toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" })}.`
        : "You are offline: pages you have not opened before cannot load."}
    </p>
  );
}
