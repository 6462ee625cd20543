import { useCallback, useEffect, useRef } from "react";
import { useBlocker, type Blocker } from "react-router";
import { ModalDialog } from "~/components/ui/modal-dialog";

/**
 * Leaving a form with unsaved edits asks first (issue 51): a link or another file in the site (React Router's
 * blocker: LeaveDialog asks), a reload or closing the tab (the browser's own question, `beforeunload`).
 * `letThrough` runs the editor's own navigation (to the file just saved) without asking.
 */
export function useLeaveGuard(unsaved: boolean) {
  const passing = useRef(false);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      unsaved &&
      !passing.current &&
      (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
  );

  useEffect(() => {
    if (!unsaved) return;
    const ask = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers ask only when a value is set.
      event.returnValue = "";
    };
    window.addEventListener("beforeunload", ask);
    return () => window.removeEventListener("beforeunload", ask);
  }, [unsaved]);

  // React Router decides whether to block as the navigation starts, synchronously.
  const letThrough = useCallback((navigate: () => void) => {
    passing.current = true;
    try {
      navigate();
    } finally {
      passing.current = false;
    }
  }, []);

  return { blocker, letThrough };
}

/** The question when a navigation would drop unsaved edits: staying is the first choice (and Escape). */
export function LeaveDialog({ blocker }: { blocker: Blocker }) {
  const blocked = blocker.state === "blocked";
  return (
    <ModalDialog
      open={blocked}
      onClose={() => blocker.state === "blocked" && blocker.reset()}
      label="Your changes are not saved"
      closeLabel="Stay on this page"
      className="m-auto w-[min(32rem,calc(100vw-2rem))] rounded-[var(--radius-card)] bg-paper p-6 pt-14 text-ink"
    >
      <h2 className="text-xl font-semibold">Your changes are not saved</h2>
      <p className="mt-2">
        If you leave now, what you typed since the last save is lost. Stay to save it first (or to preview it).
      </p>
      <div className="mt-5 flex flex-wrap gap-3">
        <button
          type="button"
          data-autofocus
          className="btn btn-primary"
          onClick={() => blocker.state === "blocked" && blocker.reset()}
        >
          Stay and keep my changes
        </button>
        <button
          type="button"
          className="btn btn-outline"
          onClick={() => blocker.state === "blocked" && blocker.proceed()}
        >
          Leave without saving
        </button>
      </div>
    </ModalDialog>
  );
}
