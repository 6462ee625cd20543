import { ModalDialog } from "../ui/modal-dialog";
import { CopyLink } from "./copy-link";

export interface ShareDialogProps {
  open: boolean;
  onClose: () => void;
  /** The full share link, e.g. https://…/agenda#b3wA */
  url: string;
}

/** The share link, a copy button and its QR code (lean-qr, loaded only when the dialog opens). */
export function ShareDialog({ open, onClose, url }: ShareDialogProps) {
  return (
    <ModalDialog
      open={open}
      onClose={onClose}
      label="Share my agenda"
      closeLabel="Close"
      className="m-auto w-[min(28rem,calc(100vw-2rem))] rounded-[var(--radius-card)] bg-paper p-6 pt-14 text-ink"
    >
      <h2 className="text-2xl font-semibold">Share my agenda</h2>
      <p className="mt-2 text-muted">The link carries your selection; nothing is stored on a server.</p>
      {open && <CopyLink id="agenda-share-link" label="Share link" value={url} qrLabel="QR code of the share link" />}
    </ModalDialog>
  );
}
