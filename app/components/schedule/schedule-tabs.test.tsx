// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { ScheduleTabs, type ScheduleDayProps } from "./schedule-tabs";

const day = (id: number, date: string, titles: string[]): ScheduleDayProps => ({
  id,
  label: `Day 0${id}`,
  date,
  day: date.slice(8),
  monthShort: "Oct",
  year: "2024",
  fullDate: `${date.slice(8)} October 2024`,
  sessions: titles.map((title, index) => ({
    id: index + 1,
    title,
    startsAt: `${date}T${index === titles.length - 1 ? "17" : `0${9 + index}`}:00:00-05:00`,
    endsAt: index === titles.length - 1 ? undefined : `${date}T1${index}:00:00-05:00`,
    speaker: index === 0 ? { name: "Ruth Mensah", designation: "Pastor" } : undefined,
  })),
});

const DAYS = [
  day(1, "2024-10-24", ["Opening Worship", "The Grace of Salvation"]),
  day(2, "2024-10-25", ["Morning Prayer"]),
  day(3, "2024-10-26", ["Entrepreneurship Workshop"]),
  day(4, "2024-10-27", ["Sending Service"]),
];

function renderTabs() {
  const Stub = createRoutesStub([
    { path: "/", Component: () => <ScheduleTabs days={DAYS} zone={{ id: "America/Chicago", name: "Central Time" }} /> },
  ]);
  render(<Stub />);
  return screen.getAllByRole("tab");
}

/** The panel a tab controls (all panels are in the DOM; CSS hides the others). */
const panelOf = (tab: HTMLElement) => document.getElementById(tab.getAttribute("aria-controls") ?? "")!;
const selected = () => screen.getAllByRole("tab").filter((tab) => tab.getAttribute("aria-selected") === "true");

afterEach(cleanup);

describe("ScheduleTabs", () => {
  it("opens on the day a link's hash names (#day-3), and on another when the hash changes (issue 62)", async () => {
    window.history.replaceState(null, "", "/#day-3");
    try {
      const tabs = renderTabs();
      await waitFor(() => expect(tabs[2]!.getAttribute("aria-selected")).toBe("true"));
      window.location.hash = "#day-2";
      await waitFor(() => expect(tabs[1]!.getAttribute("aria-selected")).toBe("true"));
      expect(selected()).toHaveLength(1);
    } finally {
      window.history.replaceState(null, "", "/");
    }
  });

  it("shows four days, Day 01 selected and the only tab in the Tab order", () => {
    const tabs = renderTabs();
    expect(screen.getByRole("tablist")).toBeTruthy();
    expect(tabs.map((tab) => tab.textContent)).toEqual([
      "Day 0124 Oct 2024",
      "Day 0225 Oct 2024",
      "Day 0326 Oct 2024",
      "Day 0427 Oct 2024",
    ]);
    expect(selected()).toEqual([tabs[0]]);
    expect(tabs.map((tab) => tab.tabIndex)).toEqual([0, -1, -1, -1]);
    expect(panelOf(tabs[0]!).getAttribute("aria-labelledby")).toBe(tabs[0]!.id);
    expect(panelOf(tabs[0]!).className).not.toMatch(/(^|\s)hidden(\s|$)/);
    expect(panelOf(tabs[1]!).className).toMatch(/(^|\s)hidden(\s|$)/);
  });

  it("moves and selects with the arrow keys, wrapping around, and jumps with Home and End", () => {
    const tabs = renderTabs();
    tabs[0]!.focus();
    fireEvent.keyDown(tabs[0]!, { key: "ArrowRight" });
    expect(selected()).toEqual([tabs[1]]);
    expect(document.activeElement).toBe(tabs[1]);
    expect(tabs.map((tab) => tab.tabIndex)).toEqual([-1, 0, -1, -1]);
    fireEvent.keyDown(tabs[1]!, { key: "End" });
    expect(document.activeElement).toBe(tabs[3]);
    fireEvent.keyDown(tabs[3]!, { key: "ArrowRight" });
    expect(selected()).toEqual([tabs[0]]);
    fireEvent.keyDown(tabs[0]!, { key: "ArrowLeft" });
    expect(selected()).toEqual([tabs[3]]);
    fireEvent.keyDown(tabs[3]!, { key: "Home" });
    expect(selected()).toEqual([tabs[0]]);
    fireEvent.keyDown(tabs[0]!, { key: "Enter" });
    expect(selected()).toEqual([tabs[0]]);
  });

  it("selects a day on click", () => {
    const tabs = renderTabs();
    fireEvent.click(tabs[2]!);
    expect(selected()).toEqual([tabs[2]]);
    expect(panelOf(tabs[2]!).className).not.toMatch(/(^|\s)hidden(\s|$)/);
    expect(panelOf(tabs[0]!).className).toMatch(/(^|\s)hidden(\s|$)/);
  });

  it("lists each session with its time range, title linking to its page, and speaker", () => {
    const tabs = renderTabs();
    const panel = within(panelOf(tabs[0]!));
    const link = panel.getByRole("link", { name: "Opening Worship" });
    expect(link.getAttribute("href")).toBe("/event-detail/1/1");
    expect(panel.getByText("09:00 to 10:00")).toBeTruthy();
    expect(panel.getByText(/Ruth Mensah/)).toBeTruthy();
    // A session without an end time shows its start alone.
    expect(panel.getByText("17:00")).toBeTruthy();
    expect(within(panelOf(tabs[3]!)).getByRole("link", { name: "Sending Service" }).getAttribute("href")).toBe(
      "/event-detail/4/1",
    );
  });
});
