import { X } from "lucide-react";
import { useEffect, useRef, useState, type ReactNode } from "react";

export interface ModalDialogProps {
  open: boolean;
  onClose: () => void;
  /** Accessible name of the dialog. */
  label: string;
  /** Name of the icon-only close button, e.g. "Close menu". */
  closeLabel: string;
  className?: string;
  children: ReactNode;
}

/**
 * A native modal <dialog> (put `data-autofocus` on the control that should take focus when it opens): the browser traps focus, makes the page behind inert, closes on Escape and
 * returns focus to the opener. A click on the backdrop closes it too.
 */
export function ModalDialog({ open, onClose, label, closeLabel, className = "", children }: ModalDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  // The content is rendered when the dialog first opens, then kept (what was typed in it stays): a closed
  // dialog cannot be opened without JavaScript, so its content in the pre-rendered page would only be
  // parsed and hydrated for nothing (issue 19).
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      dialog.showModal();
      // showModal focuses the first control (the close button); a dialog may name a better one.
      dialog.querySelector<HTMLElement>("[data-autofocus]")?.focus();
    }
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    // The click handler only catches clicks on the backdrop; keyboard users close with Escape or the button.
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions
    <dialog
      ref={ref}
      aria-label={label}
      onClose={onClose}
      onClick={(event) => {
        if (event.target === ref.current) onClose();
      }}
      className={`backdrop:bg-night/70 ${className}`}
    >
      <button
        type="button"
        onClick={onClose}
        className="absolute end-3 top-3 inline-flex size-11 items-center justify-center rounded-full hover:text-rose"
      >
        <X aria-hidden="true" size={24} strokeWidth={1.5} />
        <span className="sr-only">{closeLabel}</span>
      </button>
      {opened && children}
    </dialog>
  );
}
