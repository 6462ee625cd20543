/**
 * The browser's side of alerts (issue 44, part 2; issue 51, item 5), without zod so that /agenda and a session's
 * page can show them at start. Alerts are kept with the agenda on the server (server/alerts/routes.ts: the
 * server mails the sessions that agenda stars), so asking for them keeps this browser's agenda there first when
 * it was kept only here (./sync.ts `keepAgenda`, quietly: the visitor never has to handle the private link).
 * From then on every star syncs, and the alerts follow the stars.
 */
import { useEffect, useState } from "react";
import { ALERT_LINK_PATHS, ALERTS_CHANGED_KEY, type AlertLinkAction, type AlertLinkAnswer } from "./alert-links";
import { agendaAlertsPath } from "./kept-link";
import { keptSecret, writeKept } from "./local";
import { useKeptSecret } from "./store";

/** What an agenda's alerts are (app/lib/agenda/alerts.ts AgendaAlertsSchema). */
export interface AlertsState {
  emails: { email: string; confirmed: boolean }[];
  push: boolean;
  publicKey?: string;
}

/** A refused request, in the server's words when it gave some, with the server's status (0 when unreachable). */
export class AlertsError extends Error {
  constructor(
    message: string,
    readonly status = 0,
  ) {
    super(message);
  }
}

const TRY_AGAIN = "Something went wrong: please try again.";
const OFFLINE = "The server could not be reached: please try again when you are online.";
/** Tells this tab's other alert views (the other tabs learn through ALERTS_CHANGED_KEY's storage event). */
const SAME_TAB = "agenda-alerts-change";

function stateOf(value: unknown): AlertsState | null {
  const v = value as Partial<AlertsState> | null;
  if (!v || !Array.isArray(v.emails) || typeof v.push !== "boolean") return null;
  const emails = v.emails.filter(
    (e): e is AlertsState["emails"][number] => typeof e?.email === "string" && typeof e.confirmed === "boolean",
  );
  return { emails, push: v.push, ...(typeof v.publicKey === "string" ? { publicKey: v.publicKey } : {}) };
}

async function refusal(response: Response): Promise<AlertsError> {
  const body = (await response.json().catch(() => null)) as { message?: unknown } | null;
  return new AlertsError(typeof body?.message === "string" ? body.message : TRY_AGAIN, response.status);
}

const request = (url: string, method: string, body?: object) =>
  fetch(url, {
    method,
    cache: "no-store",
    headers: body ? { "content-type": "application/json" } : {},
    ...(body ? { body: JSON.stringify(body) } : {}),
  }).catch(() => {
    throw new AlertsError(OFFLINE);
  });

async function stateFrom(response: Response): Promise<AlertsState> {
  if (!response.ok) throw await refusal(response);
  const state = stateOf(await response.json().catch(() => null));
  if (!state) throw new AlertsError(TRY_AGAIN);
  return state;
}

/** Says that this browser changed alerts: this tab's views and the other tabs read them again. */
export function announceAlertsChanged() {
  try {
    localStorage.setItem(ALERTS_CHANGED_KEY, String(Date.now()));
  } catch {
    // No storage: the other tabs read the alerts when they show again.
  }
  window.dispatchEvent(new Event(SAME_TAB));
}

/** An answer whose body is not needed is still read to its end: an unread one stays open (a page never idle). */
const drain = (response: Response) =>
  response.arrayBuffer().then(
    () => undefined,
    () => undefined,
  );

/** The alerts of a kept agenda; null when the server does not know it (any more) or cannot be reached. */
export async function readAlerts(secret: string): Promise<AlertsState | null> {
  const response = await fetch(agendaAlertsPath(secret), { cache: "no-store" }).catch(() => null);
  if (!response) return null;
  if (!response.ok) return drain(response).then(() => null);
  return stateOf(await response.json().catch(() => null));
}

/** This browser's kept agenda, kept on the server now when it was not (or the server lost it: `again`). */
async function keptAgenda(again = false): Promise<string> {
  const secret = keptSecret();
  if (secret && !again) return secret;
  const sync = await import("./sync").catch(() => {
    throw new AlertsError(OFFLINE);
  });
  if (secret) writeKept("");
  return sync.keepAgenda();
}

/** Posts (or deletes) to the agenda's alerts, keeping the agenda on the server first when needed. */
async function toAgenda(method: "POST" | "DELETE", body: object): Promise<AlertsState> {
  if (method === "DELETE" && !keptSecret()) throw new AlertsError("This browser has no alerts to stop.");
  let response = await request(agendaAlertsPath(await keptAgenda()), method, body);
  // The server no longer knows this browser's agenda (stopped on another device, or unused for months).
  if (response.status === 404 && method === "POST") {
    await drain(response);
    response = await request(agendaAlertsPath(await keptAgenda(true)), method, body);
  }
  const state = await stateFrom(response);
  announceAlertsChanged();
  return state;
}

/** "Tell me by e-mail": the server mails the address a link to confirm. */
export const askAlertsByEmail = (email: string) => toAgenda("POST", { email });

/** Stops an address's alerts (confirmed or still waiting for its confirmation). */
export const stopAlertsByEmail = (email: string) => toAgenda("DELETE", { email });

/** The server's VAPID key (base64url) as the bytes `pushManager.subscribe` takes. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const text = atob(base64url.replace(/-/g, "+").replace(/_/g, "/"));
  const bytes = new Uint8Array(new ArrayBuffer(text.length));
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
  return bytes;
}

/** Whether this browser can show push notifications (read in effects only: the pre-rendered page cannot know). */
export const canPush = () => "serviceWorker" in navigator && "PushManager" in window && "Notification" in window;

/** "Notify this browser too": asks the browser for a push subscription with the server's key, kept with the agenda. */
export async function askAlertsInBrowser(): Promise<AlertsState> {
  const state = await readAlerts(await keptAgenda());
  if (!state?.publicKey) throw new AlertsError("This site does not send browser notifications.");
  if ((await Notification.requestPermission()) !== "granted")
    throw new AlertsError("Notifications are not allowed in this browser.");
  const registration = await navigator.serviceWorker.ready;
  const subscription = await registration.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: keyBytes(state.publicKey),
  });
  return toAgenda("POST", { push: subscription.toJSON() });
}

/** The /alerts page's button: confirms or stops the alerts of a mailed link's token; answers its address. */
export async function actOnAlertLink(action: AlertLinkAction, token: string): Promise<AlertLinkAnswer> {
  const response = await request(ALERT_LINK_PATHS[action], "POST", { t: token });
  if (!response.ok) throw await refusal(response);
  const body = (await response.json().catch(() => null)) as { email?: unknown } | null;
  announceAlertsChanged();
  return { email: typeof body?.email === "string" ? body.email : null };
}

/**
 * The alerts of this browser's kept agenda: undefined while unknown (before hydration, or being read), null when
 * there are none to read (the agenda kept only here). Read again when they change in this tab or another (a
 * mailed link confirmed in a new tab), and when the page shows again.
 */
export function useAlerts(): {
  state: AlertsState | null | undefined;
  set: (state: AlertsState) => void;
} {
  const secret = useKeptSecret();
  const [read, setRead] = useState<{ secret: string; state: AlertsState | null } | undefined>();
  const [round, setRound] = useState(0);
  useEffect(() => {
    if (!secret) return;
    let live = true;
    void readAlerts(secret).then((state) => {
      if (live) setRead({ secret, state });
    });
    return () => {
      live = false;
    };
  }, [secret, round]);
  useEffect(() => {
    const again = () => setRound((n) => n + 1);
    const onStorage = (event: StorageEvent) => {
      if (event.key === ALERTS_CHANGED_KEY) again();
    };
    const onShow = () => {
      if (document.visibilityState === "visible") again();
    };
    window.addEventListener("storage", onStorage);
    window.addEventListener(SAME_TAB, again);
    document.addEventListener("visibilitychange", onShow);
    return () => {
      window.removeEventListener("storage", onStorage);
      window.removeEventListener(SAME_TAB, again);
      document.removeEventListener("visibilitychange", onShow);
    };
  }, []);
  const state = !secret ? null : read?.secret === secret ? read.state : undefined;
  return { state, set: (next) => setRead({ secret: keptSecret(), state: next }) };
}
