import { useEffect, useState, type FormEvent } from "react";
import { agendaAlertsPath } from "~/lib/agenda/kept-link";

export interface AlertsFormProps {
  /** The kept agenda's secret: the alerts are kept with it. */
  secret: string;
}

/** The server's VAPID key (base64url) as the bytes `pushManager.subscribe` takes. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const text = atob(base64url.replace(/-/g, "+").replace(/_/g, "/"));
  const bytes = new Uint8Array(new ArrayBuffer(text.length));
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
  return bytes;
}

const canPush = () => "serviceWorker" in navigator && "PushManager" in window && "Notification" in window;

async function send(secret: string, body: object): Promise<string> {
  const res = await fetch(agendaAlertsPath(secret), {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  if (res.ok) return "";
  const answer = (await res.json().catch(() => ({}))) as { message?: string; error?: string };
  return answer.message ?? answer.error ?? "Something went wrong: please try again.";
}

/** Asks this browser for a push subscription with the server's key, and keeps it with the agenda. */
async function subscribeBrowser(secret: string): Promise<string> {
  const state = (await (await fetch(agendaAlertsPath(secret))).json()) as { publicKey?: string };
  if (!state.publicKey) return "This site does not send browser notifications.";
  if ((await Notification.requestPermission()) !== "granted") return "Notifications are not allowed in this browser.";
  const registration = await navigator.serviceWorker.ready;
  const subscription = await registration.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: keyBytes(state.publicKey),
  });
  return send(secret, { push: subscription.toJSON() });
}

/**
 * "Tell me when one of my sessions changes" (issue 44, part 2), for a kept agenda: an e-mail address (the
 * server mails a link to confirm it) and, where the browser offers Web Push, this browser's notifications.
 */
export function AlertsForm({ secret }: AlertsFormProps) {
  const [email, setEmail] = useState("");
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState("");
  // Known only in the browser (an effect, so the first render equals the pre-rendered page).
  const [push, setPush] = useState(false);
  useEffect(() => setPush(canPush()), []);
  const act = async (action: () => Promise<string>, done: string) => {
    setBusy(true);
    const refused = await action().catch(() => "Something went wrong: please try again.");
    setBusy(false);
    setStatus(refused || done);
  };
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const to = email.trim();
    void act(
      () => send(secret, { email: to }),
      `Check your inbox: open the link we sent to ${to} to confirm. Until then nothing is sent.`,
    );
  };
  return (
    <section aria-labelledby="agenda-alerts-title" className="mt-4 border-t border-ink/10 pt-4">
      <h3 id="agenda-alerts-title" className="text-lg font-semibold">
        Tell me when one of my sessions changes
      </h3>
      <p className="mt-1 text-sm text-muted">
        One message when a new time or a cancellation of a starred session is published; stop with one click.
      </p>
      <form onSubmit={submit} className="mt-3">
        <label className="block text-sm font-semibold" htmlFor="agenda-alerts-email">
          E-mail address
        </label>
        <input
          id="agenda-alerts-email"
          type="email"
          required
          autoComplete="email"
          value={email}
          onChange={(event) => setEmail(event.currentTarget.value)}
          className="mt-1 w-full rounded border border-ink/20 px-3 py-2"
        />
        <button type="submit" disabled={busy} className="btn btn-primary mt-3">
          Tell me by e-mail
        </button>
      </form>
      {push && (
        <button
          type="button"
          disabled={busy}
          className="btn btn-outline mt-3"
          onClick={() =>
            void act(() => subscribeBrowser(secret), "This browser will show a notification when a session changes.")
          }
        >
          Notify this browser too
        </button>
      )}
      <p role="status" className="mt-2 min-h-6 text-sm">
        {status}
      </p>
    </section>
  );
}
