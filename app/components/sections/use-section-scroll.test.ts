// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { SECTION_WAIT_MS, whenElement } from "./use-section-scroll";

const flush = () => new Promise((resolve) => queueMicrotask(() => resolve(undefined)));

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  vi.useRealTimers();
  document.body.innerHTML = "";
});

describe("whenElement", () => {
  it("finds an element that is already there at once", () => {
    document.body.innerHTML = '<section id="speakers"></section>';
    const found = vi.fn();
    whenElement("speakers", SECTION_WAIT_MS, found);
    expect(found).toHaveBeenCalledWith(document.getElementById("speakers"));
  });

  it("waits for a section rendered later (up to the spec's 10 000 ms)", async () => {
    const found = vi.fn();
    whenElement("schedule", SECTION_WAIT_MS, found);
    vi.advanceTimersByTime(9_000); // the spec's fallback is 10 000 ms
    const section = document.createElement("section");
    section.id = "schedule";
    document.body.append(document.createElement("div"), section);
    await flush();
    expect(found).toHaveBeenCalledTimes(1);
    expect(found).toHaveBeenCalledWith(section);
  });

  it("gives up after 10 000 ms, and can be cancelled", async () => {
    const late = vi.fn();
    whenElement("about", SECTION_WAIT_MS, late);
    vi.advanceTimersByTime(SECTION_WAIT_MS);
    document.body.innerHTML = '<section id="about"></section>';
    await flush();
    expect(late).not.toHaveBeenCalled();

    const cancelled = vi.fn();
    const stop = whenElement("news", SECTION_WAIT_MS, cancelled);
    stop();
    document.body.innerHTML = '<section id="news"></section>';
    await flush();
    expect(cancelled).not.toHaveBeenCalled();
  });
});
