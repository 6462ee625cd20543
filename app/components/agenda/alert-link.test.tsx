// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { AlertLink } from "./alert-link";

function show(hash: string) {
  const Stub = createRoutesStub([{ path: "/", Component: () => <AlertLink hash={hash} /> }]);
  render(<Stub />);
}
/** The server's answers, in order; the requests made are kept. */
function answers(...replies: [number, object][]) {
  const calls: { url: string; body: unknown }[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init: RequestInit) => {
      calls.push({ url, body: JSON.parse(String(init.body)) });
      const [status, body] = replies.shift()!;
      return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
    }),
  );
  return calls;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("the /alerts page's card", () => {
  it("asks first; its button confirms, then says for which address and how to stop, and stops", async () => {
    const calls = answers([200, { email: "ann@example.org" }], [200, { email: "ann@example.org" }]);
    show("#confirm=tok_1");
    expect(screen.getByRole("heading", { name: "Confirm your alerts" })).toBeTruthy();
    // Showing the page acts on nothing (a mail scanner's visit).
    expect(calls).toEqual([]);
    fireEvent.click(screen.getByRole("button", { name: "Yes, tell me" }));
    const done = await screen.findByRole("heading", { name: "Alerts confirmed" });
    await waitFor(() => expect(document.activeElement).toBe(done));
    expect(calls).toEqual([{ url: "/api/alerts/confirm", body: { t: "tok_1" } }]);
    expect(done.parentElement!.textContent).toContain("We will write to ann@example.org");
    expect(done.parentElement!.textContent).toContain("To stop:");
    expect(screen.getByRole("link", { name: "Open my agenda" }).getAttribute("href")).toBe("/agenda");

    fireEvent.click(screen.getByRole("button", { name: "Stop these alerts" }));
    const stopped = await screen.findByRole("heading", { name: "Alerts stopped" });
    await waitFor(() => expect(document.activeElement).toBe(stopped));
    expect(calls[1]).toEqual({ url: "/api/alerts/unsubscribe", body: { t: "tok_1" } });
    expect(stopped.parentElement!.textContent).toContain("Nothing more is sent to ann@example.org");
  });

  it("says when a link is not valid, and keeps the question when the server cannot be reached", async () => {
    answers([404, { message: "This link is not valid." }]);
    show("#stop=tok_2");
    fireEvent.click(screen.getByRole("button", { name: "Stop the alerts" }));
    expect(await screen.findByRole("heading", { name: "This link is not valid" })).toBeTruthy();
    cleanup();

    vi.stubGlobal("fetch", vi.fn().mockRejectedValue(new TypeError("offline")));
    show("#confirm=tok_3");
    fireEvent.click(screen.getByRole("button", { name: "Yes, tell me" }));
    expect(await screen.findByText(/could not be reached/)).toBeTruthy();
    expect(screen.getByRole("button", { name: "Yes, tell me" })).toBeTruthy();
  });

  it("without a link says what alerts are; a malformed one that it is not valid", () => {
    show("");
    expect(screen.getByRole("heading", { name: "Be told when your sessions change" })).toBeTruthy();
    cleanup();
    show("#confirm=a%2Fb");
    expect(screen.getByRole("heading", { name: "This link is not valid" })).toBeTruthy();
  });
});
