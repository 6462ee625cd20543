// @vitest-environment jsdom
import { act, cleanup, render, screen } from "@testing-library/react";
import { renderToString } from "react-dom/server";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Countdown } from "./countdown";

const TARGET = "2024-10-24T09:00:00-05:00";

const shown = () =>
  ["days", "hours", "minutes", "seconds"].map(
    (unit) => document.querySelector(`[data-unit="${unit}"] span`)?.textContent,
  );

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe("Countdown", () => {
  it("pre-renders placeholders, whatever the build machine's clock says", () => {
    vi.setSystemTime(new Date("2024-10-20T09:00:00-05:00"));
    const html = renderToString(<Countdown target={TARGET} label="Time left" expiredMessage="done" />);
    expect(html).toContain('role="timer"');
    expect(html).toContain('aria-label="Time left"');
    expect(html.match(/>--</g)).toHaveLength(4);
    expect(html).not.toContain("aria-live");
  });

  it("shows the time left after mounting and ticks each second", () => {
    vi.setSystemTime(new Date("2024-10-20T09:00:00-05:00"));
    render(<Countdown target={TARGET} label="Time left" expiredMessage="done" />);
    expect(screen.getByRole("timer", { name: "Time left" })).toBeTruthy();
    expect(shown()).toEqual(["04", "00", "00", "00"]);
    act(() => vi.advanceTimersByTime(1000));
    expect(shown()).toEqual(["03", "23", "59", "59"]);
    act(() => vi.advanceTimersByTime(61_000));
    expect(shown()).toEqual(["03", "23", "58", "58"]);
  });

  it("stops at zeros and logs one console message when the target is reached", () => {
    const info = vi.spyOn(console, "info").mockImplementation(() => {});
    vi.setSystemTime(new Date("2024-10-24T08:59:58-05:00"));
    render(<Countdown target={TARGET} label="Time left" expiredMessage="Countdown finished" />);
    expect(shown()).toEqual(["00", "00", "00", "02"]);
    expect(info).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(2000));
    expect(shown()).toEqual(["00", "00", "00", "00"]);
    act(() => vi.advanceTimersByTime(10_000));
    expect(info).toHaveBeenCalledTimes(1);
    expect(info).toHaveBeenCalledWith("Countdown finished");
    expect(vi.getTimerCount()).toBe(0);
  });
});
