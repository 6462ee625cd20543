import { BellRing } from "lucide-react";
import { useState } from "react";
import { ModalDialog } from "../ui/modal-dialog";
import { AlertsPanelLazy } from "./alerts-lazy";
import type { AlertsPanelProps } from "./alerts-panel";

export interface AlertsButtonProps {
  /** On a session's page: that session (subscribing stars it). */
  session?: AlertsPanelProps["session"];
  className?: string;
}

/**
 * "Tell me if my sessions change" where the stars are (/agenda, a session's page): opens the alerts in a dialog,
 * with no private link to make first (issue 51, item 5).
 */
export function AlertsButton({ session, className = "btn btn-outline" }: AlertsButtonProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" data-needs-js data-print-hide className={className} onClick={() => setOpen(true)}>
        <BellRing aria-hidden="true" className="size-4" />
        Tell me if my sessions change
      </button>
      <ModalDialog
        open={open}
        onClose={() => setOpen(false)}
        label="Tell me if my sessions change"
        closeLabel="Close"
        className="m-auto w-[min(28rem,calc(100vw-2rem))] rounded-[var(--radius-card)] bg-paper p-6 pt-14 text-ink"
      >
        {open ? <AlertsPanelLazy session={session} focusFirst /> : null}
      </ModalDialog>
    </>
  );
}
