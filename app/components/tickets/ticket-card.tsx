import { useId, useRef, useState, type FormEvent } from "react";
import { TICKETS_API } from "~/lib/tickets/api";
import type { TicketOrderAnswer } from "~/lib/tickets/orders";
import { formatShortCode } from "~/lib/tickets/short-code";
import { TicketQr } from "./ticket-qr";

type Ticket = TicketOrderAnswer["tickets"][number];

export interface TicketCardProps {
  token: string;
  ticket: Ticket;
  count: number;
  /** False for a cancelled order: no QR code, nothing to name or send. */
  valid: boolean;
  /** The holder's name was saved (the page keeps its copy in step). */
  onNamed: (position: number, name: string | null) => void;
}

const OFFLINE = "there is no connection. Please try again once you are online.";

/** Posts JSON to the box office: the answer's status and body, or null when no answer came. */
async function post(url: string, body: object): Promise<{ status: number; body: Record<string, unknown> } | null> {
  try {
    const res = await fetch(url, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(15_000),
    });
    return { status: res.status, body: ((await res.json().catch(() => null)) ?? {}) as Record<string, unknown> };
  } catch {
    return null;
  }
}

/** The refusal's words: a field's message, or the server's error, or a plain fallback. */
function refusal(answer: { body: Record<string, unknown> }, field: string): string {
  const errors = answer.body.errors as Record<string, string> | undefined;
  const error = answer.body.error;
  return (
    errors?.[field] ??
    (typeof error === "string" && error !== "invalid" ? error : "That did not work: please try again.")
  );
}

/** One ticket: its QR code, the holder's name, and sending it to the person who will use it. */
export function TicketCard({ token, ticket, count, valid, onNamed }: TicketCardProps) {
  const id = useId();
  const label = `Ticket ${ticket.position} of ${count}`;
  const [named, setNamed] = useState<{ ok: boolean; text: string } | null>(null);
  const [sent, setSent] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState<"name" | "send" | null>(null);
  const sentBox = useRef<HTMLParagraphElement>(null);

  async function saveName(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const name = String(new FormData(event.currentTarget).get("name") ?? "").trim();
    setBusy("name");
    const answer = await post(TICKETS_API.ticket(token, ticket.position), { name });
    setBusy(null);
    if (answer?.status === 200) {
      onNamed(ticket.position, name || null);
      setNamed({ ok: true, text: name ? `Saved: this ticket is for ${name}.` : "Saved: this ticket has no name." });
    } else setNamed({ ok: false, text: answer ? refusal(answer, "name") : `Not saved: ${OFFLINE}` });
  }

  async function send(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const email = String(new FormData(form).get("email") ?? "").trim();
    setBusy("send");
    const answer = await post(TICKETS_API.send(token, ticket.position), { email });
    setBusy(null);
    if (answer?.status === 200) {
      form.reset();
      setSent({ ok: true, text: `Sent: ${label.toLowerCase()} is on its way to ${email}.` });
    } else setSent({ ok: false, text: answer ? refusal(answer, "email") : `Not sent: ${OFFLINE}` });
    requestAnimationFrame(() => sentBox.current?.focus());
  }

  const status = (state: { ok: boolean; text: string } | null) =>
    state ? (state.ok ? "font-semibold text-ink" : "font-semibold text-rose") : "sr-only";

  return (
    <li className="grid gap-5 rounded-[var(--radius-card)] bg-paper p-6 shadow-soft sm:grid-cols-[auto_1fr]">
      <div>
        <h2 className="text-xl font-semibold">{label}</h2>
        {valid ? (
          <div className="mt-3 w-[min(18rem,calc(100vw-6rem))]">
            <TicketQr text={ticket.qr} label={`${label}, QR code`} />
          </div>
        ) : (
          <p className="mt-3 font-semibold text-rose">No longer valid</p>
        )}
        {ticket.shortCode ? (
          // Large, so a door volunteer can type it when the QR will not scan (issue 61).
          <p className="mt-3 font-mono text-3xl font-bold tracking-wider text-ink">
            <span className="sr-only">Ticket code </span>
            <span data-ticket-code>{formatShortCode(ticket.shortCode)}</span>
          </p>
        ) : (
          // One long code with no word in it: it breaks where it must (issue 62).
          <p className="mt-2 font-mono text-sm wrap-anywhere text-muted">{ticket.code}</p>
        )}
      </div>
      {valid && (
        <div className="grid content-start gap-6">
          <form onSubmit={(e) => void saveName(e)} aria-busy={busy === "name"}>
            <label htmlFor={`${id}-name`} className="mb-1.5 block font-semibold">
              Name on {label.toLowerCase()}
            </label>
            <div className="flex flex-wrap gap-3">
              <input
                id={`${id}-name`}
                name="name"
                maxLength={100}
                autoComplete="off"
                defaultValue={ticket.name ?? ""}
                className="min-h-12 flex-1 rounded-xl border border-ink/15 bg-paper px-4 py-2.5"
              />
              <button type="submit" className="btn btn-primary" disabled={busy === "name"}>
                Save name
              </button>
            </div>
            <p role="status" className={`mt-2 ${status(named)}`}>
              {named?.text}
            </p>
          </form>
          <form onSubmit={(e) => void send(e)} aria-busy={busy === "send"}>
            <label htmlFor={`${id}-email`} className="mb-1.5 block font-semibold">
              Send this ticket to someone else
            </label>
            <div className="flex flex-wrap gap-3">
              <input
                id={`${id}-email`}
                name="email"
                type="email"
                required
                autoComplete="email"
                placeholder="E-mail address"
                className="min-h-12 flex-1 rounded-xl border border-ink/15 bg-paper px-4 py-2.5"
              />
              <button type="submit" className="btn btn-outline" disabled={busy === "send"}>
                Send ticket
              </button>
            </div>
            <p ref={sentBox} tabIndex={-1} role="status" className={`mt-2 ${status(sent)}`}>
              {sent?.text}
            </p>
          </form>
        </div>
      )}
    </li>
  );
}
