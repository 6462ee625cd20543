import type { AlertsState } from "~/lib/agenda/alerts-client";

export interface AlertsStatusProps {
  state: AlertsState;
  busy: boolean;
  /** Stops an address's alerts (or cancels one still waiting for its confirmation). */
  onStop: (email: string) => void;
}

/**
 * What this agenda's alerts are, in words: each address on (or waiting for its confirmation) with its own button
 * to stop, browser notifications, and every way to stop them.
 */
export function AlertsStatus({ state, busy, onStop }: AlertsStatusProps) {
  if (state.emails.length === 0 && !state.push) return null;
  return (
    <div data-alerts-status className="space-y-3">
      <ul className="space-y-3">
        {state.emails.map(({ email, confirmed }) => (
          <li key={email} className="rounded-[var(--radius-card)] bg-mist p-4">
            {confirmed ? (
              <p>
                <span className="font-semibold">Alerts are on</span> for{" "}
                <strong className="wrap-break-word">{email}</strong>: one e-mail when a session you starred moves or is
                cancelled.
              </p>
            ) : (
              <p>
                <span className="font-semibold">Waiting for your confirmation</span>: open the link we sent to{" "}
                <strong className="wrap-break-word">{email}</strong> (look in spam too). Nothing is sent until then.
              </p>
            )}
            <button type="button" disabled={busy} className="btn btn-outline mt-3" onClick={() => onStop(email)}>
              {confirmed ? "Stop alerts" : "Cancel"} <span className="sr-only">to {email}</span>
            </button>
          </li>
        ))}
        {state.push && (
          <li className="rounded-[var(--radius-card)] bg-mist p-4">
            <span className="font-semibold">Browser notifications are on</span> for this agenda. To stop them, block
            notifications for this site in the browser&apos;s settings.
          </li>
        )}
      </ul>
      {state.emails.some((e) => e.confirmed) && (
        <p className="text-sm text-muted">Every alert mail also ends with a link that stops it in one click.</p>
      )}
    </div>
  );
}
