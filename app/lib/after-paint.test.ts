// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { AFTER_PAINT_LIMIT_MS, AFTER_PAINT_SCRIPT, HEADING_FONT_CLASS, HEADING_FONT_SEEN_KEY } from "./after-paint";

type Entries = { getEntriesByName: (name: string) => unknown[] };
type Callback = (list: Entries, observer: { disconnect: () => void }) => void;

/** The browser's paint timing, driven by the test: `paint()` reports the first contentful paint. */
function paintTiming() {
  const observers: { callback: Callback; disconnected: boolean }[] = [];
  class Observer {
    static supportedEntryTypes = ["paint", "resource"];
    entry: { callback: Callback; disconnected: boolean };
    constructor(callback: Callback) {
      this.entry = { callback, disconnected: false };
      observers.push(this.entry);
    }
    observe() {}
    disconnect() {
      this.entry.disconnected = true;
    }
  }
  vi.stubGlobal("PerformanceObserver", Observer);
  return {
    paint(name = "first-contentful-paint") {
      for (const o of observers.filter((o) => !o.disconnected)) {
        o.callback(
          { getEntriesByName: (n) => (n === name ? [{ name }] : []) },
          { disconnect: () => (o.disconnected = true) },
        );
      }
    },
  };
}

const html = document.documentElement;
const afterPaint = () => (window as unknown as { __afterPaint: Promise<void> }).__afterPaint;
const run = () => new Function(AFTER_PAINT_SCRIPT)();

/** Whether the promise has settled once a zero-delay timer had its turn (the fake clock moves 1 ms). */
async function settled(promise: Promise<void>): Promise<boolean> {
  let done = false;
  void promise.then(() => (done = true));
  await vi.advanceTimersByTimeAsync(1);
  return done;
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  sessionStorage.clear();
  html.classList.remove(HEADING_FONT_CLASS);
});

describe("after the first paint", () => {
  it("the page's code and the heading font wait for the first contentful paint of a loaded page", async () => {
    const timing = paintTiming();
    run();
    expect(await settled(afterPaint())).toBe(false);
    expect(html.classList.contains(HEADING_FONT_CLASS)).toBe(false);
    timing.paint("first-paint"); // a paint with no content yet is not enough
    expect(await settled(afterPaint())).toBe(false);
    timing.paint();
    expect(await settled(afterPaint())).toBe(true);
    expect(html.classList.contains(HEADING_FONT_CLASS)).toBe(true);
    expect(sessionStorage.getItem(HEADING_FONT_SEEN_KEY)).toBe("1");
  });

  it("a later page of the same visit applies the heading font at once; its code still waits", async () => {
    paintTiming();
    sessionStorage.setItem(HEADING_FONT_SEEN_KEY, "1");
    run();
    expect(html.classList.contains(HEADING_FONT_CLASS)).toBe(true);
    expect(await settled(afterPaint())).toBe(false);
  });

  it(`a page that never reports a paint (a background tab) goes on after ${AFTER_PAINT_LIMIT_MS / 1000} s`, async () => {
    paintTiming();
    run();
    await vi.advanceTimersByTimeAsync(AFTER_PAINT_LIMIT_MS - 2);
    expect(await settled(afterPaint())).toBe(false); // 1 ms short of the limit
    await vi.advanceTimersByTimeAsync(1);
    expect(await settled(afterPaint())).toBe(true);
    expect(html.classList.contains(HEADING_FONT_CLASS)).toBe(true);
  });

  it("a browser without paint timing goes on after one frame", async () => {
    vi.stubGlobal("PerformanceObserver", undefined);
    const frames: (() => void)[] = [];
    vi.stubGlobal("requestAnimationFrame", (callback: () => void) => frames.push(callback));
    run();
    expect(await settled(afterPaint())).toBe(false);
    frames.shift()!();
    expect(await settled(afterPaint())).toBe(true);
  });

  it("waits for the load event when the page is still loading", async () => {
    const timing = paintTiming();
    const state = vi.spyOn(document, "readyState", "get").mockReturnValue("interactive");
    run();
    timing.paint();
    expect(await settled(afterPaint())).toBe(false);
    state.mockReturnValue("complete");
    window.dispatchEvent(new Event("load"));
    expect(await settled(afterPaint())).toBe(true);
  });
});
