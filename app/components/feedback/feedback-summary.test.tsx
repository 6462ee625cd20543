// @vitest-environment jsdom
import { cleanup, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { averageOf, figuresText, rankSessions, type SessionFigures } from "~/lib/feedback/summary";
import { FeedbackSummary } from "./feedback-summary";

afterEach(cleanup);

const session = (over: Partial<SessionFigures>): SessionFigures => ({
  session: 1,
  title: "Opening Worship",
  when: "Thu 24 Oct 09:00",
  ratings: 0,
  average: null,
  spread: [0, 0, 0, 0, 0],
  comments: [],
  ...over,
});

describe("the figures (app/lib/feedback/summary.ts)", () => {
  it("has no average below five ratings, and one decimal from five", () => {
    expect(averageOf([0, 0, 1, 1, 2])).toBeNull();
    expect(averageOf([0, 0, 0, 2, 3])).toBe(4.6);
    expect(averageOf([1, 0, 0, 0, 5])).toBe(4.3);
    expect(figuresText({ ratings: 0, average: null })).toBe("No ratings yet");
    expect(figuresText({ ratings: 1, average: null })).toBe("1 rating so far");
    expect(figuresText({ ratings: 3, average: null })).toBe("3 ratings so far");
    expect(figuresText({ ratings: 12, average: 4 })).toBe("4.0 from 12 ratings");
  });

  it("ranks those with an average first, best first, then the others by how many rated them", () => {
    const ranked = rankSessions([
      { id: "none", ratings: 0, average: null },
      { id: "three", ratings: 3, average: null },
      { id: "good", ratings: 5, average: 4.6 },
      { id: "four", ratings: 4, average: null },
      { id: "best", ratings: 9, average: 4.8 },
      { id: "good, more", ratings: 20, average: 4.6 },
    ]);
    expect(ranked.map((s) => s.id)).toEqual(["best", "good, more", "good", "four", "three", "none"]);
  });
});

describe("FeedbackSummary (a speaker's page)", () => {
  it("shows each session by title and time, its average from five ratings, its spread and comments as text", () => {
    render(
      <FeedbackSummary
        sessions={[
          session({
            ratings: 5,
            average: 4.6,
            spread: [0, 0, 0, 2, 3],
            comments: [{ stars: 5, text: "<b>Moving</b>" }],
          }),
          session({
            session: 2,
            title: "Networking and Mixer",
            when: "Fri 25 Oct 13:30",
            ratings: 3,
            spread: [0, 1, 1, 1, 0],
          }),
        ]}
      />,
    );
    const region = screen.getByRole("region", { name: "How your sessions were rated" });
    const [first, second] = within(region).getAllByRole("article");
    expect(within(first!).getByRole("heading")).toHaveProperty("textContent", "Opening WorshipThu 24 Oct 09:00");
    expect(first!.textContent).toContain("4.6 from 5 ratings");
    const bars = within(first!).getByRole("list", { name: "Ratings by stars" });
    expect(
      within(bars)
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual(["5 stars3 ratings", "4 stars2 ratings", "3 stars0 ratings", "2 stars0 ratings", "1 star0 ratings"]);
    // A comment is text: the markup in it shows as typed, never as an element.
    expect(within(first!).getByText("<b>Moving</b>")).toBeTruthy();
    expect(first!.querySelector("b")).toBeNull();
    expect(within(first!).getByText("1 comment")).toBeTruthy();

    // Three ratings: no average, and no comment passed on.
    expect(second!.textContent).toContain("3 ratings so far");
    expect(second!.textContent).not.toMatch(/\d\.\d from/);
    expect(within(second!).getByText("No comments passed on to you yet.")).toBeTruthy();
  });

  it("says so when the speaker has no session", () => {
    render(<FeedbackSummary sessions={[]} />);
    expect(screen.getByText("You have no session in the programme yet.")).toBeTruthy();
  });
});
