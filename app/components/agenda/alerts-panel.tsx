import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import {
  askAlertsByEmail,
  askAlertsInBrowser,
  canPush,
  stopAlertsByEmail,
  useAlerts,
  type AlertsState,
} from "~/lib/agenda/alerts-client";
import { parseStored, read } from "~/lib/agenda/local";
import { setStars } from "~/lib/agenda/store";
import { AlertsStatus } from "./alerts-status";

export interface AlertsPanelProps {
  /** On a session's page: subscribing stars it too, so its changes are told. */
  session?: { number: number; title: string };
  /** The heading's level where the panel is shown (2 in its own dialog, 3 under another heading). */
  level?: 2 | 3;
  /** In its own dialog: the address field takes the focus once the panel is in (it loads after the dialog opens). */
  focusFirst?: boolean;
}

/**
 * "Tell me if my sessions change" (issue 44, part 2; issue 51, item 5): an e-mail address (the server mails a
 * link to confirm it) and, where the browser offers Web Push, this browser's notifications; then what is on,
 * for which address, and how to stop. Needs no private link: the agenda is kept on the server as it subscribes.
 */
export function AlertsPanel({ session, level = 2, focusFirst = false }: AlertsPanelProps) {
  const { state, set } = useAlerts();
  const id = useId();
  const [email, setEmail] = useState("");
  const [busy, setBusy] = useState(false);
  const [said, setSaid] = useState({ text: "", round: 0 });
  const message = useRef<HTMLParagraphElement>(null);
  // Known only in the browser (an effect, so the first render equals the pre-rendered page).
  const [push, setPush] = useState(false);
  useEffect(() => setPush(canPush()), []);
  const panel = useRef<HTMLElement>(null);
  useEffect(() => {
    if (focusFirst) panel.current?.querySelector<HTMLElement>("[data-autofocus]")?.focus();
  }, [focusFirst]);
  // After an action the control that had focus may be gone: the message takes it, and is read out.
  useEffect(() => {
    if (said.round) message.current?.focus();
  }, [said.round]);

  const act = async (action: () => Promise<AlertsState>, done: string) => {
    setBusy(true);
    let text = done;
    try {
      set(await action());
    } catch (error) {
      text = error instanceof Error ? error.message : "Something went wrong: please try again.";
    }
    setBusy(false);
    setSaid((s) => ({ text, round: s.round + 1 }));
  };
  const starThis = () => {
    const stars = parseStored(read());
    if (session && !stars.includes(session.number)) setStars(new Set([...stars, session.number]));
  };
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const to = email.trim();
    starThis();
    void act(
      () => askAlertsByEmail(to),
      `Check your inbox: open the link we sent to ${to} to confirm. Until then nothing is sent.`,
    );
  };
  const Heading = `h${level}` as const;
  const hasEmail = Boolean(state?.emails.length);

  return (
    <section ref={panel} aria-labelledby={`${id}-title`}>
      <Heading id={`${id}-title`} className={level === 2 ? "text-2xl font-semibold" : "text-lg font-semibold"}>
        Tell me if my sessions change
      </Heading>
      <p className="mt-1 text-muted">
        {session
          ? `One e-mail when this session or another you star moves or is cancelled. Subscribing adds “${session.title}” to your agenda.`
          : "One e-mail when a session you starred moves or is cancelled. No account, no password; stop with one click."}
      </p>
      {state && (
        <div className="mt-4">
          <AlertsStatus
            state={state}
            busy={busy}
            onStop={(to) => void act(() => stopAlertsByEmail(to), `Stopped: nothing more is sent to ${to}.`)}
          />
        </div>
      )}
      {!hasEmail && (
        <form onSubmit={submit} className="mt-4">
          <label className="block text-sm font-semibold" htmlFor={`${id}-email`}>
            E-mail address
          </label>
          <input
            id={`${id}-email`}
            type="email"
            required
            autoComplete="email"
            data-autofocus
            value={email}
            onChange={(event) => setEmail(event.currentTarget.value)}
            className="mt-1 w-full rounded border border-ink/20 bg-paper px-3 py-2"
          />
          <button type="submit" disabled={busy} className="btn btn-primary mt-3">
            Tell me by e-mail
          </button>
        </form>
      )}
      {push && !state?.push && (
        <button
          type="button"
          disabled={busy}
          className="btn btn-outline mt-3"
          onClick={() => {
            starThis();
            void act(askAlertsInBrowser, "This browser will show a notification when a session changes.");
          }}
        >
          Notify this browser too
        </button>
      )}
      <p ref={message} role="status" tabIndex={-1} className="mt-3 min-h-6 text-sm font-semibold">
        {said.text}
      </p>
    </section>
  );
}
