import { describe, expect, it } from "vitest";
import { cpuBlockingMs, type TraceEvent } from "./cpu-blocking";

const PAGE = { pid: 7, tid: 1 };
const thread = (pid: number, tid: number, name: string): TraceEvent => ({
  name: "thread_name",
  ph: "M",
  pid,
  tid,
  ts: 0,
  args: { name },
});
/** A task: start and durations in ms (wall, CPU). */
const task = (startMs: number, wallMs: number, cpuMs: number | undefined, at = PAGE): TraceEvent => ({
  name: "RunTask",
  ph: "X",
  ...at,
  ts: startMs * 1000,
  dur: wallMs * 1000,
  ...(cpuMs === undefined ? {} : { tdur: cpuMs * 1000 }),
});
const fcp = (ms: number): TraceEvent => ({ name: "firstContentfulPaint", ph: "R", ...PAGE, ts: ms * 1000 });

describe("cpuBlockingMs", () => {
  it("counts CPU time after the first paint, times 4, over 50 ms: a task that mostly waited blocks little", () => {
    const events = [
      thread(7, 1, "CrRendererMain"),
      thread(7, 2, "Compositor"),
      fcp(100),
      task(10, 80, 60), // before the first paint: not counted
      task(120, 90, 20), // 4 x 20 = 80 -> 30 (its wall time, 90 ms, would give 310)
      task(300, 10, 10), // 40 -> 0
      task(400, 40, 25), // 100 -> 50
      task(150, 200, 200, { pid: 7, tid: 2 }), // another thread
      task(150, 200, 200, { pid: 9, tid: 1 }), // another process (no thread name there)
    ];
    expect(cpuBlockingMs(events)).toBeCloseTo(80);
  });

  it("gives NaN, not 0, for a trace without a first paint or without thread times", () => {
    expect(cpuBlockingMs([thread(7, 1, "CrRendererMain"), task(120, 90, 20)])).toBeNaN();
    expect(cpuBlockingMs([thread(7, 1, "CrRendererMain"), fcp(100), task(120, 90, undefined)])).toBeNaN();
  });

  it("leaves out a task without a thread time", () => {
    const events = [thread(7, 1, "CrRendererMain"), fcp(100), task(120, 90, undefined), task(200, 30, 30)];
    expect(cpuBlockingMs(events)).toBeCloseTo(70);
  });
});
