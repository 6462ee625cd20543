/**
 * The one place every form goes through on submit. "Sent" means stored: the submission goes into the
 * outbox (localStorage), then to `POST /api/forms/<kind>` with its id as Idempotency-Key, and the success
 * toast appears only after a 2xx. Offline or on a 5xx it stays in the outbox and is retried on `online`,
 * when the tab becomes visible, every 30 s and on the next visit; one tab sends at a time (Web Locks).
 */
import {
  FORMS,
  formPath,
  isAnswerInPlace,
  isSentNow,
  isStoredKind,
  NOT_SENT_OFFLINE,
  OUTBOX_SENT_EVENT,
  type FieldErrors,
  type FormKind,
} from "./index";
import { checkForm } from "./schema";
import { formFields, saveForLater } from "./save";
import {
  dueEntries,
  outcomeOf,
  readOutbox,
  removeFromOutbox,
  updateEntry,
  type OutboxEntry,
  type Outcome,
} from "./outbox";
import { showToast } from "../lib/toast";

const LOCK = "tncc-outbox";
const RETRY_MS = 30_000;
const TIMEOUT_MS = 15_000;
export type FormState =
  | { status: "idle" }
  | { status: "sending" }
  | { status: "saved" }
  | { status: "invalid"; errors: FieldErrors }
  | { status: "limited"; message: string }
  | { status: "refused"; message: string }
  /** A form sent now (FormDefinition.sendNow) found nothing left to sell: the page shows `message` where the eye is. */
  | { status: "sold-out"; message: string; left: number }
  /** A form whose answer is shown in place (FormDefinition.answerInPlace) was taken: `message` says what next. */
  | { status: "sent"; message: string };

let contactEmail = "";
/** The organisers' address, named when a submission cannot be sent at all. */
export function setContactEmail(email: string): void {
  contactEmail = email;
}

export function refusedMessage(): string {
  return `Your message could not be sent. Please write to us at ${contactEmail || "the address on the contact page"}.`;
}

async function post(entry: OutboxEntry): Promise<Outcome> {
  try {
    const res = await fetch(formPath(entry.kind), {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json", "Idempotency-Key": entry.id },
      body: JSON.stringify(entry.fields),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    const body: unknown = await res.json().catch(() => null);
    return outcomeOf(res.status, body);
  } catch {
    return outcomeOf(null, null);
  }
}

/** Sends one entry (unless another tab already did) and updates the outbox by the answer. */
async function sendEntry(entry: OutboxEntry): Promise<Outcome> {
  if (!readOutbox(localStorage).some((e) => e.id === entry.id)) return { type: "sent" };
  const outcome = await post(entry);
  if (outcome.type === "retry") updateEntry(localStorage, entry.id, { attempts: entry.attempts + 1 });
  else if (outcome.type === "limited")
    updateEntry(localStorage, entry.id, { notBefore: Date.now() + outcome.retryAfter * 1000 });
  else removeFromOutbox(localStorage, entry.id);
  return outcome;
}

async function withLock<T>(fn: () => Promise<T>, ifAvailable = false): Promise<T | null> {
  if (!("locks" in navigator)) return fn();
  return navigator.locks.request(LOCK, { ifAvailable }, (lock) => (lock ? fn() : null));
}

/** Submits a form; reports its state as it goes. The browser's own checks have already passed. */
export async function submitForm(
  form: HTMLFormElement,
  kind: FormKind,
  report: (state: FormState) => void = () => {},
): Promise<void> {
  if (!isStoredKind(kind)) {
    // Login: nothing to sign in to, nothing sent.
    form.reset();
    await showToast("success", FORMS[kind].success);
    return;
  }
  const fields = formFields(form);
  const checked = checkForm(kind, fields);
  if (!checked.ok) return report({ status: "invalid", errors: checked.errors });

  report({ status: "sending" });
  if (isSentNow(kind)) return sendNow(form, kind, fields, report);
  const entry = saveForLater(kind, fields);
  const outcome = (await withLock(() => sendEntry(entry))) ?? { type: "retry" as const };
  switch (outcome.type) {
    case "sent":
      form.reset();
      report({ status: "idle" });
      await showToast("success", FORMS[kind].success);
      return;
    case "invalid":
      return report({ status: "invalid", errors: outcome.errors });
    case "limited":
      return report({ status: "limited", message: outcome.message });
    case "refused":
      return report({ status: "refused", message: refusedMessage() });
    case "retry":
      form.reset();
      return report({ status: "saved" });
  }
}

/** One key per submission: a retry of the same fields (a double click, "try again") is one purchase. */
let lastSent: { fields: string; key: string } | undefined;

/** A form whose answer decides what happens next (FormDefinition.sendNow): sent at once, never kept. */
async function sendNow(
  form: HTMLFormElement,
  kind: FormKind,
  fields: Record<string, string>,
  report: (state: FormState) => void,
): Promise<void> {
  const text = JSON.stringify(fields);
  if (lastSent?.fields !== text) lastSent = { fields: text, key: crypto.randomUUID() };
  let res: Response;
  try {
    // A 307 (a paid plan with no card provider: a request to the organisers) is followed with the same body.
    res = await fetch(formPath(kind), {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json", "Idempotency-Key": lastSent.key },
      body: text,
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch {
    return report({ status: "refused", message: NOT_SENT_OFFLINE });
  }
  const body = ((await res.json().catch(() => null)) ?? {}) as {
    url?: unknown;
    error?: unknown;
    message?: unknown;
    left?: unknown;
  };
  if (res.ok && typeof body.url === "string") {
    lastSent = undefined;
    // The ticket page (a free plan) or the card provider's checkout; the form stays busy until the page goes.
    window.location.assign(body.url);
    return;
  }
  if (res.ok) {
    lastSent = undefined;
    form.reset();
    if (isAnswerInPlace(kind))
      return report({ status: "sent", message: typeof body.message === "string" ? body.message : FORMS[kind].success });
    report({ status: "idle" });
    await showToast("success", FORMS[kind].success);
    return;
  }
  const message = typeof body.message === "string" ? body.message : undefined;
  if (res.status === 409 && body.error === "sold-out")
    return report({
      status: "sold-out",
      message: message ?? "Sold out.",
      left: typeof body.left === "number" ? body.left : 0,
    });
  const outcome = outcomeOf(res.status, body);
  if (outcome.type === "invalid") return report({ status: "invalid", errors: outcome.errors });
  if (outcome.type === "limited") return report({ status: "limited", message: outcome.message });
  report({ status: "refused", message: message ?? refusedMessage() });
}

/** Sends what waits in the outbox, if no other tab is doing so. */
export async function flushOutbox(): Promise<void> {
  if (readOutbox(localStorage).length === 0) return;
  await withLock(async () => {
    for (const entry of dueEntries(localStorage, Date.now())) {
      const outcome = await sendEntry(entry);
      if (outcome.type === "retry") return;
      window.dispatchEvent(new CustomEvent(OUTBOX_SENT_EVENT, { detail: entry }));
      if (outcome.type === "sent") await showToast("success", FORMS[entry.kind].success);
      else if (outcome.type === "invalid" || outcome.type === "refused") await showToast("error", refusedMessage());
    }
  }, true);
}

let started = false;
/** Retries the outbox now (the next visit), on `online`, when the tab becomes visible, and every 30 s. */
export function startOutboxRetry(): void {
  if (started) return;
  started = true;
  const retry = () => void flushOutbox();
  window.addEventListener("online", retry);
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible") retry();
  });
  setInterval(retry, RETRY_MS);
  retry();
}
