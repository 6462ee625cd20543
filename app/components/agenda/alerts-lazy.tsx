import { lazy, Suspense } from "react";
import type { AlertsPanelProps } from "./alerts-panel";

const Panel = lazy(() => import("./alerts-panel").then((m) => ({ default: m.AlertsPanel })));

/**
 * The alerts' panel (issue 51), loaded when it is first shown: on /agenda once something is starred, in the
 * devices dialog and in a session's dialog. No page's first download carries it (the size budget).
 */
export function AlertsPanelLazy(props: AlertsPanelProps) {
  return (
    <Suspense fallback={<p className="text-muted">Loading the alerts…</p>}>
      <Panel {...props} />
    </Suspense>
  );
}
