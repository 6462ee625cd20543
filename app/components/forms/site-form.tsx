import { useEffect, useId, useRef, useState, type ComponentProps, type FormEvent, type Ref } from "react";
import { useRouteLoaderData } from "react-router";
import type { FormKind } from "~/forms";
import {
  answersInPlace,
  CONSENT_VERSION,
  HONEYPOT_FIELD,
  invalidId,
  isStored,
  NOT_SENT_OFFLINE,
  OUTBOX_SENT_EVENT,
  pathOf,
  SAVED_MESSAGE,
  sendsNow,
  sentId,
} from "~/forms/browser";
import type { FormDefinition } from "~/forms/definition";
import { formFields, saveForLater } from "~/forms/save";
import type * as FormsModule from "~/forms/send";
import type { FormState } from "~/forms/send";
import { readOutbox, type OutboxEntry } from "~/forms/outbox";
import { FormErrorsContext } from "./form-context";

/** What a form sent now (a purchase) was told when nothing was left: the page shows it beside the form. */
export interface SoldOutAnswer {
  message: string;
  /** Seats (people) still free: fewer than asked for, or 0. */
  left: number;
}

type Props = {
  /**
   * The form's definition (app/forms/<kind>.ts), imported by the page that shows it: so a page downloads only
   * its own forms' definitions (issue 52).
   */
  form: FormDefinition;
  /**
   * A sold-out answer (409) goes to the page, which shows it where the eye is (and, later, the waiting list);
   * without this the form shows the message itself.
   */
  onSoldOut?: (answer: SoldOutAnswer) => void;
} & Omit<ComponentProps<"form">, "method" | "action" | "onSubmit">;

type Sending = typeof FormsModule;
let sending: Promise<Sending> | undefined;

/**
 * The checks (zod) and the outbox's sending code, fetched once: on a form's first focus or submit, or at
 * once when the outbox holds something from an earlier visit. Loading it starts the outbox's retries.
 * A failed fetch (offline) is tried again next time.
 */
function loadSending(email: string | undefined): Promise<Sending> {
  sending ??= import("~/forms/send").then(
    (module) => {
      module.startOutboxRetry();
      return module;
    },
    (error: unknown) => {
      sending = undefined;
      throw error;
    },
  );
  return sending.then((module) => {
    if (email) module.setContactEmail(email);
    return module;
  });
}

/**
 * Every form of the site (app/forms/). Once hydrated, submit checks the fields (app/forms/schema.ts), then sends
 * through the outbox (app/forms/send.ts): the success toast comes only once the server stored it. Before
 * hydration (or without JavaScript) the browser POSTs to `/api/forms/<kind>` (or the form's own `endpoint`),
 * which answers with a redirect back to `#sent-<kind>` (or `#invalid-<kind>-<field>`), shown below through
 * `:target`. A form sent now (`sendNow`: the ticket purchase) skips the outbox and follows its answer.
 * The checking and sending code is not in the page's first download: see loadSending.
 */
export function SiteForm({ form: definition, onSoldOut, children, ...rest }: Props) {
  const kind = definition.kind as FormKind;
  const [state, setState] = useState<FormState>({ status: "idle" });
  const formId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const submitting = useRef(false);
  const email = useRouteLoaderData<{ shell: { email: string } }>("root")?.shell.email;

  useEffect(() => {
    // Something waits from an earlier visit (or another tab): load the code that sends it.
    if (readOutbox(localStorage).length > 0) loadSending(email).catch(() => {});
    const onSent = (event: Event) => {
      if ((event as CustomEvent<OutboxEntry>).detail.kind === kind)
        setState((s) => (s.status === "saved" ? { status: "idle" } : s));
    };
    window.addEventListener(OUTBOX_SENT_EVENT, onSent);
    return () => window.removeEventListener(OUTBOX_SENT_EVENT, onSent);
  }, [email, kind]);

  useEffect(() => {
    if (state.status !== "invalid") return;
    const first = Object.keys(state.errors)[0];
    const field = first ? formRef.current?.elements.namedItem(first) : null;
    if (field instanceof HTMLElement) field.focus();
  }, [state]);

  useEffect(() => {
    if (state.status === "sold-out") onSoldOut?.({ message: state.message, left: state.left });
  }, [state, onSoldOut]);

  // A form whose answer is shown in place (the waiting list): the answer takes the focus, so it is read at once.
  const statusRef = useRef<HTMLParagraphElement>(null);
  const answerInPlace = answersInPlace(definition);
  useEffect(() => {
    if (answerInPlace && (state.status === "sent" || state.status === "refused")) statusRef.current?.focus();
  }, [state, answerInPlace]);

  async function send(form: HTMLFormElement) {
    let module: Sending;
    try {
      module = await loadSending(email);
    } catch {
      // The code could not be fetched (offline, and the offline copy lacks it). A stored form is kept in
      // the outbox as is (the server checks it) and sent once the code loads: back online, or next visit.
      // A form sent now (a purchase) is never kept: offline it says so; online the plain post takes over.
      if (sendsNow(definition) && !navigator.onLine) return setState({ status: "refused", message: NOT_SENT_OFFLINE });
      if (!isStored(definition) || sendsNow(definition)) return form.submit();
      saveForLater(kind, formFields(form));
      form.reset();
      setState({ status: "saved" });
      window.addEventListener("online", () => void loadSending(email).catch(() => {}), { once: true });
      return;
    }
    await module.submitForm(form, kind, setState);
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (state.status === "sending" || submitting.current) return;
    submitting.current = true;
    void send(event.currentTarget).finally(() => (submitting.current = false));
  }

  const errors = state.status === "invalid" ? state.errors : {};
  const stored = isStored(definition);
  return (
    <FormErrorsContext.Provider value={{ errors, formId }}>
      <form
        ref={formRef}
        method="post"
        action={pathOf(definition)}
        onSubmit={onSubmit}
        onFocus={() => void loadSending(email).catch(() => {})}
        aria-busy={state.status === "sending"}
        {...rest}
      >
        {children}
        {stored && (
          <>
            <input type="hidden" name="consent" value={CONSENT_VERSION} />
            {/* The honeypot: people never see it; a bot that fills it is told "sent" and nothing is kept. */}
            <div aria-hidden="true" className="absolute size-0 overflow-hidden">
              <label>
                Leave this empty
                <input
                  type="text"
                  name={HONEYPOT_FIELD}
                  tabIndex={-1}
                  autoComplete="off"
                  defaultValue=""
                  className="size-0 border-0 p-0"
                />
              </label>
            </div>
          </>
        )}
        <FormStatus
          ref={answerInPlace ? statusRef : undefined}
          state={state}
          soldOutElsewhere={onSoldOut !== undefined}
        />
        <p id={sentId(kind)} role="status" className="form-sent">
          {definition.success}
        </p>
        {stored &&
          definition.fields.map((field) => (
            <p key={field.name} id={invalidId(kind, field.name)} role="alert" className="form-sent">
              {`Not sent: please check ${field.noun}.`}
            </p>
          ))}
      </form>
    </FormErrorsContext.Provider>
  );
}

function FormStatus({
  state,
  soldOutElsewhere,
  ref,
}: {
  state: FormState;
  soldOutElsewhere: boolean;
  /** Given when the answer takes the focus (answerInPlace). */
  ref?: Ref<HTMLParagraphElement>;
}) {
  let text = "";
  if (state.status === "saved") text = SAVED_MESSAGE;
  else if (state.status === "limited" || state.status === "refused" || state.status === "sent") text = state.message;
  else if (state.status === "sold-out" && !soldOutElsewhere) text = state.message;
  else if (state.status === "invalid") text = `Not sent yet: ${Object.values(state.errors).join(" ")}`;
  return (
    <p
      ref={ref}
      tabIndex={ref ? -1 : undefined}
      role="status"
      data-form-status={state.status}
      className={text ? "mt-3 font-semibold sm:col-span-2" : "sr-only"}
    >
      {text}
    </p>
  );
}
