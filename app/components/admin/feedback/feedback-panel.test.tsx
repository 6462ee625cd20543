// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { FeedbackSummary, OrganiserSessionFigures } from "~/api/admin/feedback";
import { FeedbackPanel } from "./feedback-panel";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const mixer: OrganiserSessionFigures = {
  session: 13,
  title: "Networking and Mixer",
  when: "Fri 25 Oct 13:30",
  ratings: 3,
  average: null,
  spread: [0, 1, 1, 1, 0],
  comments: [{ stars: 4, text: "Loved it" }],
  hiddenComments: 0,
  switches: { off: false, commentsHidden: false, commentsToSpeaker: false, changedBy: null, changedAt: null },
};

/** A server answering the summary, and each switch with `patch`. */
function serve(patch: (body: Record<string, boolean>) => { status: number; body: unknown }) {
  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init: RequestInit = {}) => {
      if (init.method === "PATCH") {
        const answer = patch(JSON.parse(String(init.body)) as Record<string, boolean>);
        return json(answer.status, answer.body);
      }
      return json(200, { sessions: [mixer] } satisfies FeedbackSummary);
    }),
  );
  render(<FeedbackPanel fail={() => {}} />);
}

describe("FeedbackPanel (the organisers' Feedback tab)", () => {
  it("hides a session's comments, says so beside the switch, and names who changed it and when", async () => {
    serve((body) => ({
      status: 200,
      body: {
        sessions: [
          {
            ...mixer,
            comments: [],
            hiddenComments: 1,
            switches: {
              ...mixer.switches,
              ...body,
              changedBy: "Ada Lovelace",
              changedAt: "Fri 25 Oct 2024, 15:00 CDT",
            },
          },
        ],
      } satisfies FeedbackSummary,
    }));
    const card = await screen.findByRole("article", { name: /^Networking and Mixer/ });
    expect(card.textContent).toContain("3 ratings so far");
    fireEvent.click(within(card).getByRole("checkbox", { name: "Hide comments" }));
    await waitFor(() => expect(within(card).getByRole("status").textContent).toBe("Saved: comments are hidden."));
    expect((within(card).getByRole("checkbox", { name: "Hide comments" }) as HTMLInputElement).checked).toBe(true);
    expect(card.textContent).toContain("1 comment hidden.");
    expect(card.textContent).not.toContain("Loved it");
    expect(card.textContent).toContain("Last changed by Ada Lovelace, Fri 25 Oct 2024, 15:00 CDT.");
  });

  it("a switch that could not be saved goes back, and the reason is said beside it with the focus on it", async () => {
    serve(() => ({ status: 404, body: { error: "There is no such session in the programme." } }));
    const card = await screen.findByRole("article", { name: /^Networking and Mixer/ });
    const box = within(card).getByRole("checkbox", { name: "Feedback off" }) as HTMLInputElement;
    fireEvent.click(box);
    const alert = await within(card).findByRole("alert");
    await waitFor(() => expect(alert.textContent).toBe("Not saved: There is no such session in the programme."));
    await waitFor(() => expect(document.activeElement).toBe(alert));
    expect(box.checked).toBe(false);
  });
});
