import { useEffect, useRef, useState } from "react";
import { keptFeedPath, keptLink } from "~/lib/agenda/kept-link";
import { useKeptSecret } from "~/lib/agenda/store";
import type * as Sync from "~/lib/agenda/sync";
import { ModalDialog } from "../ui/modal-dialog";
import { AlertsPanelLazy } from "./alerts-lazy";
import { CopyLink } from "./copy-link";

export interface KeepDialogProps {
  open: boolean;
  onClose: () => void;
  /** The site's origin in this browser, for the links. */
  origin: string;
}

/** Runs an action of ./sync.ts (loaded on first use, with its schemas); its refusal in words, or "". */
async function run(action: (sync: typeof Sync) => Promise<unknown>): Promise<string> {
  try {
    await action(await import("~/lib/agenda/sync"));
    return "";
  } catch (error) {
    return error instanceof Error ? error.message : "Something went wrong: please try again.";
  }
}

/**
 * "Keep my agenda on my other devices" (issue 44): makes the private link (the server keeps the agenda under
 * it), then shows it with its QR code, the calendar feed that never changes address, and "Stop keeping it".
 */
export function KeepDialog({ open, onClose, origin }: KeepDialogProps) {
  const secret = useKeptSecret();
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState("");
  // After an action the control that had focus is gone: the dialog's first control of its new state takes it.
  const box = useRef<HTMLDivElement>(null);
  const [acted, setActed] = useState(0);
  useEffect(() => {
    if (acted) box.current?.querySelector<HTMLElement>("[data-autofocus]")?.focus();
  }, [acted]);
  const act = async (action: Parameters<typeof run>[0], done: string) => {
    setBusy(true);
    const refused = await run(action);
    setBusy(false);
    setStatus(refused || done);
    setActed((n) => n + 1);
  };

  return (
    <ModalDialog
      open={open}
      onClose={() => {
        setStatus("");
        onClose();
      }}
      label="My agenda on my other devices"
      closeLabel="Close"
      className="m-auto w-[min(28rem,calc(100vw-2rem))] rounded-[var(--radius-card)] bg-paper p-6 pt-14 text-ink"
    >
      <div ref={box}>
        <h2 className="text-2xl font-semibold">My agenda on my other devices</h2>
        {secret ? (
          <>
            <KeptLinks secret={secret} origin={origin} />
            <div className="mt-4 border-t border-ink/10 pt-4">
              <AlertsPanelLazy level={3} />
            </div>
          </>
        ) : (
          <>
            <p className="mt-2 text-muted">
              The site keeps your starred sessions under a private link. Open it on your phone, tablet or laptop: a star
              on one shows on the others within seconds, and stars made offline join when the device is back online. No
              account, no e-mail; whoever has the link can see and change this agenda.
            </p>
            <MakeLink
              busy={busy}
              onClick={() =>
                void act((sync) => sync.keepAgenda(), "Your agenda is kept: open the link on your other devices.")
              }
            />
          </>
        )}
        <p role="status" className="mt-2 min-h-6 text-sm">
          {status}
        </p>
        {secret && (
          <div className="mt-2 border-t border-ink/10 pt-4">
            <p className="text-sm text-muted">
              Stopping deletes the server&apos;s copy, and with it any alerts; every device keeps the stars it has.
            </p>
            <button
              type="button"
              disabled={busy}
              className="btn btn-outline mt-3"
              onClick={() =>
                void act((sync) => sync.stopKeeping(), "Stopped: your agenda is now kept only in this browser.")
              }
            >
              Stop keeping it
            </button>
          </div>
        )}
      </div>
    </ModalDialog>
  );
}

function MakeLink({ busy, onClick }: { busy: boolean; onClick: () => void }) {
  return (
    <button type="button" data-autofocus disabled={busy} className="btn btn-primary mt-4" onClick={onClick}>
      Make the private link
    </button>
  );
}

/** The private link with its copy button and QR code, and the calendar feed's address. */
function KeptLinks({ secret, origin }: { secret: string; origin: string }) {
  const link = keptLink(origin, secret);
  const feed = `${origin}${keptFeedPath(secret)}`;
  return (
    <>
      <p className="mt-2 text-muted">Open this link, or scan its code, on your other devices. Keep it private.</p>
      <CopyLink id="agenda-kept-link" label="Private link" value={link} qrLabel="QR code of the private link" />
      <label className="mt-4 block text-sm font-semibold" htmlFor="agenda-kept-feed">
        Calendar subscription (its address stays the same when you star or unstar)
      </label>
      <input
        id="agenda-kept-feed"
        readOnly
        value={feed}
        onFocus={(event) => event.currentTarget.select()}
        className="mt-1 w-full rounded border border-ink/20 px-3 py-2"
      />
    </>
  );
}
