// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { AGENDA_KEPT_KEY, AGENDA_KEY } from "~/lib/agenda/local";
import { AlertsPanel } from "./alerts-panel";

const SECRET = "S".repeat(31) + "t";
type State = { emails: { email: string; confirmed: boolean }[]; push: boolean };

/** A server keeping one agenda and its alerts; the requests made are kept. */
function server() {
  const calls: string[] = [];
  let alerts: State = { emails: [], push: false };
  let kept: number[] = [];
  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const method = init.method ?? "GET";
      calls.push(`${method} ${url}`);
      const body = init.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : {};
      if (url === "/api/agendas" && method === "POST") {
        kept = (body.changes as { session: number }[]).map((c) => c.session);
        return json(201, {
          secret: SECRET,
          version: 1,
          stars: kept.map((session) => ({ session, starred: true, at: 1 })),
        });
      }
      if (url === `/api/agendas/${SECRET}/alerts`) {
        if (method === "POST") alerts = { ...alerts, emails: [{ email: String(body.email), confirmed: false }] };
        if (method === "DELETE") alerts = { ...alerts, emails: alerts.emails.filter((e) => e.email !== body.email) };
        return json(method === "POST" ? 202 : 200, alerts);
      }
      return new Response(null, { status: 304 });
    }),
  );
  return {
    calls,
    kept: () => kept,
    confirm: () => (alerts = { ...alerts, emails: alerts.emails.map((e) => ({ ...e, confirmed: true })) }),
  };
}

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("Tell me if my sessions change", () => {
  it("subscribes with no private link made first: the agenda is kept quietly, then says what is on and stops", async () => {
    localStorage.setItem(AGENDA_KEY, "[3]");
    const api = server();
    render(<AlertsPanel />);
    const panel = screen.getByRole("region", { name: "Tell me if my sessions change" });
    fireEvent.change(within(panel).getByLabelText("E-mail address"), { target: { value: "ann@example.org" } });
    fireEvent.click(within(panel).getByRole("button", { name: "Tell me by e-mail" }));
    const status = await within(panel).findByText(/Check your inbox: open the link we sent to ann@example\.org/);
    await waitFor(() => expect(document.activeElement).toBe(status));
    expect(api.calls.filter((c) => c.startsWith("POST"))).toEqual([
      "POST /api/agendas",
      `POST /api/agendas/${SECRET}/alerts`,
    ]);
    expect(api.kept()).toEqual([3]);
    expect(localStorage.getItem(AGENDA_KEPT_KEY)).toBe(SECRET);
    expect(panel.textContent).not.toMatch(/private link/i);
    expect(panel.textContent).toContain("Waiting for your confirmation: open the link we sent to ann@example.org");

    // Confirmed in another tab: this one reads the alerts again.
    api.confirm();
    await act(async () => {
      window.dispatchEvent(new StorageEvent("storage", { key: "myAgendaAlertsChanged" }));
    });
    expect(await within(panel).findByText(/Alerts are on/)).toBeTruthy();
    expect(panel.textContent).toContain("Alerts are on for ann@example.org");
    expect(panel.textContent).toContain("ends with a link that stops it");

    fireEvent.click(within(panel).getByRole("button", { name: "Stop alerts to ann@example.org" }));
    expect(await within(panel).findByText("Stopped: nothing more is sent to ann@example.org.")).toBeTruthy();
    expect(api.calls).toContain(`DELETE /api/agendas/${SECRET}/alerts`);
    expect(within(panel).getByLabelText("E-mail address")).toBeTruthy();
  });

  it("on a session's page, subscribing stars that session too", async () => {
    const api = server();
    render(<AlertsPanel session={{ number: 7, title: "Networking and Mixer" }} />);
    expect(screen.getByText(/Subscribing adds “Networking and Mixer” to your agenda/)).toBeTruthy();
    fireEvent.change(screen.getByLabelText("E-mail address"), { target: { value: "bob@example.org" } });
    fireEvent.click(screen.getByRole("button", { name: "Tell me by e-mail" }));
    await screen.findByText(/Check your inbox/);
    expect(localStorage.getItem(AGENDA_KEY)).toBe("[7]");
    expect(api.kept()).toEqual([7]);
  });

  it("says the server's refusal, and the form stays", async () => {
    localStorage.setItem(AGENDA_KEPT_KEY, SECRET);
    vi.stubGlobal(
      "fetch",
      vi.fn(async (_url: string, init: RequestInit = {}) =>
        init.method === "POST"
          ? new Response(JSON.stringify({ message: "Please enter a valid e-mail address." }), { status: 422 })
          : new Response(JSON.stringify({ emails: [], push: false }), { status: 200 }),
      ),
    );
    render(<AlertsPanel />);
    fireEvent.change(screen.getByLabelText("E-mail address"), { target: { value: "x@y.z" } });
    fireEvent.click(screen.getByRole("button", { name: "Tell me by e-mail" }));
    expect(await screen.findByText("Please enter a valid e-mail address.")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Tell me by e-mail" })).toBeTruthy();
  });
});
