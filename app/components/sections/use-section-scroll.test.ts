// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { act, cleanup, render } from "@testing-library/react";
import { createElement } from "react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { useSectionScroll, whenElement } from "./use-section-scroll";

// Spec: a hash link waits 10 000 ms for its section (written out here, not imported from the code under test).
const SPEC_WAIT_MS = 10_000;

const flush = () => new Promise((resolve) => queueMicrotask(() => resolve(undefined)));

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  document.body.innerHTML = "";
});

describe("whenElement", () => {
  it("finds an element that is already there at once", () => {
    document.body.innerHTML = '<section id="speakers"></section>';
    const found = vi.fn();
    whenElement("speakers", SPEC_WAIT_MS, found);
    expect(found).toHaveBeenCalledWith(document.getElementById("speakers"));
  });

  it("waits for a section rendered later (up to the spec's 10 000 ms)", async () => {
    const found = vi.fn();
    whenElement("schedule", SPEC_WAIT_MS, found);
    vi.advanceTimersByTime(9_000);
    const section = document.createElement("section");
    section.id = "schedule";
    document.body.append(document.createElement("div"), section);
    await flush();
    expect(found).toHaveBeenCalledTimes(1);
    expect(found).toHaveBeenCalledWith(section);
  });

  it("gives up after 10 000 ms, and can be cancelled", async () => {
    const late = vi.fn();
    whenElement("about", SPEC_WAIT_MS, late);
    vi.advanceTimersByTime(SPEC_WAIT_MS);
    document.body.innerHTML = '<section id="about"></section>';
    await flush();
    expect(late).not.toHaveBeenCalled();

    const cancelled = vi.fn();
    const stop = whenElement("news", SPEC_WAIT_MS, cancelled);
    stop();
    document.body.innerHTML = '<section id="news"></section>';
    await flush();
    expect(cancelled).not.toHaveBeenCalled();
  });
});

describe("useSectionScroll", () => {
  /** A page using the hook, then a click on a /#id link (a PUSH), and the section added `afterMs` later. */
  async function linkToLateSection(afterMs: number) {
    window.matchMedia = vi.fn(() => ({ matches: false })) as never;
    const scrolled = vi.fn();
    Element.prototype.scrollIntoView = scrolled;
    const Page = () => {
      useSectionScroll();
      return null;
    };
    const router = createMemoryRouter([{ path: "/", Component: Page }]);
    render(createElement(RouterProvider, { router }));
    await act(() => router.navigate("/#speakers"));
    act(() => vi.advanceTimersByTime(afterMs));
    const section = document.createElement("section");
    section.id = "speakers";
    document.body.append(section);
    await act(flush);
    return scrolled;
  }

  it("scrolls to a section that appears just before 10 000 ms", async () => {
    expect(await linkToLateSection(9_999)).toHaveBeenCalledTimes(1);
  });

  it("has given up by 10 000 ms", async () => {
    expect(await linkToLateSection(10_000)).not.toHaveBeenCalled();
  });

  it("lands again, at once, when the smooth scroll has ended (a picture above may have pushed the section down)", async () => {
    const scrolled = await linkToLateSection(0);
    expect(scrolled.mock.calls).toEqual([[{ behavior: "smooth", block: "start" }]]);
    window.dispatchEvent(new Event("scrollend"));
    expect(scrolled.mock.calls).toEqual([
      [{ behavior: "smooth", block: "start" }],
      [{ behavior: "instant", block: "start" }],
    ]);
    // Once: a later scroll of the visitor's own is left alone.
    window.dispatchEvent(new Event("scrollend"));
    expect(scrolled).toHaveBeenCalledTimes(2);
  });

  it("gives way to the visitor's own scrolling", async () => {
    const scrolled = await linkToLateSection(0);
    window.dispatchEvent(new Event("wheel"));
    window.dispatchEvent(new Event("scrollend"));
    expect(scrolled.mock.calls).toEqual([[{ behavior: "smooth", block: "start" }]]);
  });
});
