// @vitest-environment jsdom
import { cleanup, render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { HomeSummary } from "~/api/admin/home";
import { HomeView } from "./home-view";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const show = (summary: HomeSummary) => {
  vi.stubGlobal(
    "fetch",
    vi.fn(async () => new Response(JSON.stringify(summary), { headers: { "content-type": "application/json" } })),
  );
  render(
    <MemoryRouter>
      <HomeView fail={() => {}} />
    </MemoryRouter>,
  );
};
const quiet: HomeSummary = { messages: [], comments: 0, unpublished: 0 };

describe("Ratings today on the organisers' home (issue 63)", () => {
  it("counts today's ratings and names the best-rated session, with a link to the Feedback tab", async () => {
    show({
      ...quiet,
      ratingsToday: {
        count: 14,
        best: { title: "Opening Worship", when: "Thu 24 Oct 09:00", average: 4.6, ratings: 5 },
      },
    });
    const card = await screen.findByRole("region", { name: "Ratings today" });
    expect(card.textContent).toContain("14");
    expect(card.textContent).toContain("Best rated so far: Opening Worship, Thu 24 Oct 09:00 (4.6 from 5 ratings).");
    expect(screen.getByRole("link", { name: "See the feedback" }).getAttribute("href")).toBe("/admin?tab=feedback");
  });

  it("says when no session has five ratings yet, and is absent outside the event's days", async () => {
    show({ ...quiet, ratingsToday: { count: 3, best: null } });
    expect((await screen.findByRole("region", { name: "Ratings today" })).textContent).toContain(
      "No session has 5 ratings yet.",
    );
    cleanup();
    show(quiet);
    await screen.findByRole("region", { name: "New messages" });
    expect(screen.queryByRole("region", { name: "Ratings today" })).toBeNull();
  });
});

describe("The next shift short of people on the organisers' home (issue 66)", () => {
  it("names the next gap in words, with a link to the Rota; absent when no shift is short", async () => {
    show({
      ...quiet,
      nextGap: {
        what: "Door at Door 1",
        when: "Thursday 24 October 2024, 13:00 to 17:00 (CDT)",
        filled: 0,
        needed: 2,
        gaps: 3,
      },
    });
    const card = await screen.findByRole("region", { name: "Shifts short of people" });
    expect(card.textContent).toContain("3");
    expect(card.textContent).toContain(
      "Next: Door at Door 1, Thursday 24 October 2024, 13:00 to 17:00 (CDT), 0 of 2 people.",
    );
    expect(screen.getByRole("link", { name: "Find people on the Rota" }).getAttribute("href")).toBe("/admin?tab=rota");
    cleanup();
    show(quiet);
    await screen.findByRole("region", { name: "New messages" });
    expect(screen.queryByRole("region", { name: "Shifts short of people" })).toBeNull();
  });
});
