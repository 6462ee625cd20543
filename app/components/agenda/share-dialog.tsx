import { useState } from "react";
import { ModalDialog } from "../ui/modal-dialog";
import { QrCode } from "./qr-code";

export interface ShareDialogProps {
  open: boolean;
  onClose: () => void;
  /** The full share link, e.g. https://…/agenda#b3wA */
  url: string;
}

/** The share link, a copy button and its QR code (lean-qr, loaded only when the dialog opens). */
export function ShareDialog({ open, onClose, url }: ShareDialogProps) {
  const [copied, setCopied] = useState(false);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };

  return (
    <ModalDialog
      open={open}
      onClose={() => {
        setCopied(false);
        onClose();
      }}
      label="Share my agenda"
      closeLabel="Close"
      className="m-auto w-[min(28rem,calc(100vw-2rem))] rounded-[var(--radius-card)] bg-paper p-6 pt-14 text-ink"
    >
      <h2 className="text-2xl font-semibold">Share my agenda</h2>
      <p className="mt-2 text-muted">The link carries your selection; nothing is stored on a server.</p>
      <label className="mt-4 block text-sm font-semibold" htmlFor="agenda-share-link">
        Share link
      </label>
      <input
        id="agenda-share-link"
        readOnly
        value={url}
        data-autofocus
        onFocus={(event) => event.currentTarget.select()}
        className="mt-1 w-full rounded border border-ink/20 px-3 py-2"
      />
      <button type="button" onClick={() => void copy()} className="btn btn-primary mt-3">
        Copy link
      </button>
      <p role="status" className="mt-2 min-h-6 text-sm">
        {copied ? "Link copied." : ""}
      </p>
      {open && <QrCode value={url} label="QR code of the share link" />}
    </ModalDialog>
  );
}
