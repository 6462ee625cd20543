// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { RatingForm } from "./rating-form";

const session = {
  number: 6,
  title: "Morning Praise",
  startsAt: "2024-10-25T09:00:00-05:00",
  endsAt: "2024-10-25T10:00:00-05:00",
};
const CLOSES = "2024-11-11T00:00:00-06:00";

/** The server's answers by method; the posts made are kept. */
function server(state: string, post: [number, object] = [200, { saved: true, replaced: false }]) {
  const posts: unknown[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (_url: string, init?: RequestInit) => {
      if (init?.method === "POST") posts.push(JSON.parse(String(init.body)));
      const [status, body] = init?.method === "POST" ? post : [200, { state }];
      return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
    }),
  );
  return posts;
}

const show = () => render(<RatingForm session={session} closesAt={CLOSES} timeZone="America/Chicago" />);

beforeEach(() => {
  localStorage.clear();
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(new Date("2024-10-25T09:55:00-05:00"));
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("the rating form", () => {
  it("says when it opens, on the event's clock", () => {
    vi.setSystemTime(new Date("2024-10-25T09:30:00-05:00"));
    server("before");
    show();
    expect(screen.getByText("Rating opens Fri 25 Oct at 09:50.")).toBeTruthy();
    expect(screen.queryByRole("radio")).toBeNull();
  });

  it("says so when the organisers turned feedback off", async () => {
    server("off");
    show();
    expect(await screen.findByText("The organisers have turned feedback off for this session.")).toBeTruthy();
    expect(screen.queryByRole("radio")).toBeNull();
  });

  it("names the field at fault and moves focus to it: no stars, a comment with control characters", async () => {
    const posts = server("open");
    show();
    fireEvent.click(screen.getByRole("button", { name: "Send" }));
    expect(screen.getByText("Please choose from 1 to 5 stars.")).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole("radio", { name: "1 · Poor" }));
    fireEvent.click(screen.getByRole("radio", { name: "3 · Good" }));
    const comment = screen.getByLabelText("Comment (optional)");
    fireEvent.change(comment, { target: { value: "ok\u0007\u001b[2J" } });
    fireEvent.click(screen.getByRole("button", { name: "Send" }));
    expect(screen.getByText("Please write your comment as plain text, without special characters.")).toBeTruthy();
    expect(document.activeElement).toBe(comment);
    expect(comment.getAttribute("aria-invalid")).toBe("true");
    expect(posts).toEqual([]);
  });

  it("sends the stars and the comment with this phone's key, then offers to change it", async () => {
    const posts = server("open");
    show();
    fireEvent.click(screen.getByRole("radio", { name: "5 · Excellent" }));
    fireEvent.change(screen.getByLabelText("Comment (optional)"), { target: { value: "  Uplifting.  " } });
    fireEvent.click(screen.getByRole("button", { name: "Send" }));
    await screen.findByText("You gave it 5 of 5 (Excellent). Sent. Thank you!");
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole("status")));
    expect(posts).toEqual([{ rater: localStorage.getItem("sessionRater"), stars: 5, comment: "Uplifting." }]);
    expect(localStorage.getItem("sessionRater")).toMatch(/^[\w-]{32}$/);
    expect(screen.getByRole("button", { name: "Change my rating" })).toBeTruthy();
  });

  it("shows the server's words when it refuses for good", async () => {
    server("open", [410, { error: "closed", message: "Rating this session has closed." }]);
    show();
    fireEvent.click(screen.getByRole("radio", { name: "2 · Fair" }));
    fireEvent.click(screen.getByRole("button", { name: "Send" }));
    expect(await screen.findByText("Rating this session has closed.")).toBeTruthy();
  });

  it("says the site is busy, not offline, when the server asks it to wait (429)", async () => {
    server("open", [429, { error: "Too many requests: try again in a moment." }]);
    show();
    fireEvent.click(screen.getByRole("radio", { name: "4 · Very good" }));
    fireEvent.click(screen.getByRole("button", { name: "Send" }));
    expect(
      await screen.findByText(
        "You gave it 4 of 5 (Very good). Saved on this phone; the site is busy, so it will be sent again in a moment.",
      ),
    ).toBeTruthy();
  });
});
