import { useEffect, useId, useRef, type ReactNode } from "react";

/**
 * The confirm step of a change that cannot be undone (erasing an address, removing an organiser): its
 * question, the button that does it (which takes the focus, so a keyboard user lands on it) and Cancel.
 */
export function ConfirmStep({
  children,
  confirm,
  onConfirm,
  onCancel,
}: {
  children: ReactNode;
  confirm: string;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const id = useId();
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => button.current?.focus(), []);
  return (
    <div
      role="alertdialog"
      aria-labelledby={id}
      className="mt-5 rounded-[var(--radius-card)] border-2 border-rose bg-paper p-5"
    >
      <p id={id} className="font-semibold">
        {children}
      </p>
      <div className="mt-4 flex flex-wrap gap-3">
        <button type="button" className="btn btn-primary" onClick={onConfirm} ref={button}>
          {confirm}
        </button>
        <button type="button" className="btn btn-outline" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </div>
  );
}
