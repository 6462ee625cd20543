/**
 * Blocking time from a Lighthouse trace's thread CPU times instead of wall times (issue 19). On a shared
 * machine a task's wall time also counts the time the page's thread waited for a core: in Lighthouse traces on
 * this machine, up to six times the CPU time it used. Simulated throttling multiplies that wait by 4 as if it
 * were work, so Lighthouse's TBT measures the neighbours as much as the page.
 *
 * The rule here: the page's main-thread tasks that start after the observed first contentful paint, each
 * multiplied by the simulated slowdown (4), the part over 50 ms. Lighthouse counts from its simulated first
 * paint, which can move a task from before the paint to after it, so the two figures are not the same
 * measure. This one is for comparing builds on a busy machine; the budgets check Lighthouse's TBT.
 */

export interface TraceEvent {
  name: string;
  ph?: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  /** Thread (CPU) time of a complete event, µs. */
  tdur?: number;
  args?: { name?: string };
}

/** Lighthouse's simulated CPU slowdown for mobile (4x) and the blocking threshold of a task. */
const SLOWDOWN = 4;
const LONG_TASK_MS = 50;

/** Blocking time in ms from CPU time; NaN when the trace has no first contentful paint or no thread times. */
export function cpuBlockingMs(events: TraceEvent[]): number {
  const fcp = events.find((e) => e.name === "firstContentfulPaint");
  if (!fcp) return Number.NaN;
  const main = events.find((e) => e.name === "thread_name" && e.pid === fcp.pid && e.args?.name === "CrRendererMain");
  if (!main) return Number.NaN;
  const tasks = events.filter(
    (e) => e.name === "RunTask" && e.ph === "X" && e.pid === main.pid && e.tid === main.tid && e.ts >= fcp.ts,
  );
  // A task without a thread time (none seen in a trace here, but one bench run gave NaN) is left out,
  // and a trace whose tasks all lack one gives NaN.
  const timed = tasks.filter((task) => task.tdur !== undefined);
  if (timed.length === 0) return Number.NaN;
  return timed.reduce((sum, task) => sum + Math.max(0, (SLOWDOWN * task.tdur!) / 1000 - LONG_TASK_MS), 0);
}
