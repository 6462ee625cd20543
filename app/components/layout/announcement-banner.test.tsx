// @vitest-environment jsdom
/**
 * The announcement banner (issue 51): one line that opens to the text (keyboard too), Dismiss remembered, and a
 * page left open asking again every 20 s while visible, with If-None-Match, not at all while hidden. Several
 * live at once each show (issue 62).
 */
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { DISMISSED_KEY, POLL_MS } from "~/lib/announcement-banner";
import { AnnouncementBanner } from "./announcement-banner";

const NOW = Date.parse("2026-11-02T10:00:00Z");
const doors = { id: 7, title: "Doors open at 9:30", body: "The hall opens late.", until: "2026-11-03T10:00:00Z" };

/** The server: answers `current` (and `more`, older ones also live), with an ETag naming them, and 304 to it. */
function server() {
  const state = { current: null as typeof doors | null, more: [] as (typeof doors)[], asked: [] as (string | null)[] };
  const tag = () => `"${[state.current?.id ?? "none", ...state.more.map((a) => a.id)].join("-")}"`;
  const fetch = vi.fn(async (_url: string, init?: RequestInit) => {
    const etag = new Headers(init?.headers).get("If-None-Match");
    state.asked.push(etag);
    if (etag === tag()) return new Response(null, { status: 304, headers: { ETag: tag() } });
    const announcements = [...(state.current ? [state.current] : []), ...state.more];
    return new Response(JSON.stringify({ announcements, announcement: announcements[0] ?? null }), {
      status: 200,
      headers: { ETag: tag(), "Content-Type": "application/json" },
    });
  });
  vi.stubGlobal("fetch", fetch);
  return state;
}

let visibility: DocumentVisibilityState = "visible";
function setVisibility(value: DocumentVisibilityState) {
  visibility = value;
  document.dispatchEvent(new Event("visibilitychange"));
}

const show = () =>
  render(
    <MemoryRouter initialEntries={["/agenda"]}>
      <AnnouncementBanner />
    </MemoryRouter>,
  );
/** Lets the fetches and React settle, moving the clock `ms`. */
const pass = (ms = 0) => act(() => vi.advanceTimersByTimeAsync(ms));

beforeEach(() => {
  vi.useFakeTimers({ now: NOW });
  visibility = "visible";
  vi.spyOn(document, "visibilityState", "get").mockImplementation(() => visibility);
  localStorage.clear();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe("AnnouncementBanner", () => {
  it("is one line, its title, that opens to the text and closes with Escape", async () => {
    server().current = doors;
    show();
    await pass();
    const banner = screen.getByRole("region", { name: "Announcement: Doors open at 9:30" });
    const toggle = screen.getByRole("button", { name: "Announcement: Doors open at 9:30" });
    expect(banner.contains(toggle)).toBe(true);
    expect(toggle.getAttribute("aria-expanded")).toBe("false");
    const text = document.getElementById(toggle.getAttribute("aria-controls")!)!;
    expect(text.hidden).toBe(true);
    expect(text.textContent).toBe("The hall opens late.");
    // The title is cut to one line while closed.
    expect(toggle.querySelector(".truncate")?.textContent).toContain("Doors open at 9:30");

    fireEvent.click(toggle);
    expect(toggle.getAttribute("aria-expanded")).toBe("true");
    expect(text.hidden).toBe(false);
    expect(toggle.querySelector(".truncate")).toBeNull();
    fireEvent.keyDown(toggle, { key: "Escape" });
    expect(toggle.getAttribute("aria-expanded")).toBe("false");
    expect(text.hidden).toBe(true);
  });

  it("shows a new announcement on a page left open at the next ask, 20 s on, each ask with If-None-Match", async () => {
    const state = server();
    show();
    await pass();
    expect(screen.queryByRole("region")).toBeNull();
    expect(state.asked).toEqual([null]);
    await pass(POLL_MS);
    expect(state.asked).toEqual([null, '"none"']);
    state.current = doors;
    await pass(POLL_MS - 1);
    expect(screen.queryByRole("region")).toBeNull();
    await pass(1);
    expect(screen.getByRole("region", { name: /Doors open at 9:30/ })).toBeTruthy();
    // Unchanged since: 304, still shown.
    await pass(POLL_MS);
    expect(state.asked.at(-1)).toBe('"7"');
    expect(screen.getByRole("region", { name: /Doors open at 9:30/ })).toBeTruthy();
    // Withdrawn: gone at the next ask.
    state.current = null;
    await pass(POLL_MS);
    expect(screen.queryByRole("region")).toBeNull();
  });

  it("stops asking while the tab is hidden and asks at once when it shows again", async () => {
    const state = server();
    show();
    await pass();
    expect(state.asked).toHaveLength(1);
    act(() => setVisibility("hidden"));
    await pass(10 * POLL_MS);
    expect(state.asked).toHaveLength(1);
    state.current = doors;
    act(() => setVisibility("visible"));
    await pass();
    expect(state.asked).toHaveLength(2);
    expect(screen.getByRole("region", { name: /Doors open at 9:30/ })).toBeTruthy();
    // And goes on every POLL_MS, once (no second timer).
    await pass(POLL_MS);
    expect(state.asked).toHaveLength(3);
  });

  it("is dismissed by keyboard and stays dismissed in this browser, at the next asks too", async () => {
    const state = server();
    state.current = doors;
    show();
    await pass();
    const dismiss = screen.getByRole("button", { name: "Dismiss the announcement" });
    fireEvent.keyDown(dismiss, { key: "Escape" });
    expect(screen.queryByRole("region")).toBeNull();
    expect(JSON.parse(localStorage.getItem(DISMISSED_KEY)!)).toEqual([7]);
    state.current = { ...doors, body: "Changed, so a new ETag" };
    await pass(POLL_MS);
    expect(state.asked).toHaveLength(2);
    expect(screen.queryByRole("region")).toBeNull();
  });

  it("shows every live announcement, the newest first; dismissing one leaves the other (issue 62)", async () => {
    const state = server();
    const parking = { id: 5, title: "Parking on Friday", body: "Use the east lot.", until: "2026-11-03T05:59:00Z" };
    state.current = doors;
    state.more = [parking];
    show();
    await pass();
    const regions = screen.getAllByRole("region");
    expect(regions.map((r) => r.textContent)).toEqual([
      expect.stringContaining("Doors open at 9:30"),
      expect.stringContaining("Parking on Friday"),
    ]);
    fireEvent.click(screen.getAllByRole("button", { name: "Dismiss the announcement" })[0]!);
    expect(screen.queryByRole("region", { name: /Doors open at 9:30/ })).toBeNull();
    expect(screen.getByRole("region", { name: /Parking on Friday/ })).toBeTruthy();
    expect(JSON.parse(localStorage.getItem(DISMISSED_KEY)!)).toEqual([7]);
    // Still so at the next asks.
    await pass(POLL_MS);
    expect(screen.queryByRole("region", { name: /Doors open at 9:30/ })).toBeNull();
    expect(screen.getByRole("region", { name: /Parking on Friday/ })).toBeTruthy();
  });

  it("asks nothing on the organisers' pages", async () => {
    const state = server();
    render(
      <MemoryRouter initialEntries={["/admin"]}>
        <AnnouncementBanner />
      </MemoryRouter>,
    );
    await pass(3 * POLL_MS);
    expect(state.asked).toEqual([]);
  });
});
