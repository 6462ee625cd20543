import { BellOff, BellRing } from "lucide-react";
import { useEffect, useRef, useState, type ReactNode, type RefObject } from "react";
import { Link } from "react-router";
import { alertLinkFromHash, type AlertLinkAction } from "~/lib/agenda/alert-links";
import { AlertsError, actOnAlertLink } from "~/lib/agenda/alerts-client";

export interface AlertLinkProps {
  /** The page's fragment after hydration ("" before): a mailed link's `#confirm=<token>` or `#stop=<token>`. */
  hash: string;
}

type Step =
  | { kind: "ask"; failed?: string }
  | { kind: "confirmed"; email: string | null }
  | { kind: "stopped"; email: string | null }
  | { kind: "invalid"; message: string };

const ASK: Record<AlertLinkAction, { title: string; question: string; button: string }> = {
  confirm: {
    title: "Confirm your alerts",
    question: "Be told at this address when a session you starred moves or is cancelled?",
    button: "Yes, tell me",
  },
  stop: {
    title: "Stop your alerts",
    question: "Stop telling this address when a session you starred changes?",
    button: "Stop the alerts",
  },
};

/**
 * The /alerts page's card (issue 51, item 5). A mailed link opens the page with its token in the fragment; the
 * card asks, and only its button acts (a mail scanner that follows the link changes nothing), then says what was
 * done, for which address, and how to stop. Without a link it says what alerts are.
 */
export function AlertLink({ hash }: AlertLinkProps) {
  const link = alertLinkFromHash(hash);
  const [step, setStep] = useState<Step>({ kind: "ask" });
  const [busy, setBusy] = useState(false);
  // Each new step's heading takes the focus, so a screen reader reads what happened.
  const heading = useRef<HTMLHeadingElement>(null);
  const [moved, setMoved] = useState(0);
  useEffect(() => {
    if (moved) heading.current?.focus();
  }, [moved]);

  const act = async (action: AlertLinkAction, token: string) => {
    setBusy(true);
    let next: Step;
    try {
      const { email } = await actOnAlertLink(action, token);
      next = { kind: action === "confirm" ? "confirmed" : "stopped", email };
    } catch (error) {
      const message = error instanceof Error ? error.message : "Something went wrong: please try again.";
      next =
        error instanceof AlertsError && error.status === 404
          ? { kind: "invalid", message }
          : { kind: "ask", failed: message };
    }
    setBusy(false);
    setStep(next);
    setMoved((n) => n + 1);
  };

  if (!link && hash && /^#?(confirm|stop)=/.test(hash))
    return (
      <Card title="This link is not valid" heading={heading} icon="off">
        <p>Please open the link from the mail again, whole; or ask for alerts again from your agenda.</p>
        <AgendaLink />
      </Card>
    );
  if (!link) return <AboutAlerts />;
  const address = (email: string | null) => <strong className="wrap-break-word">{email ?? "this address"}</strong>;
  switch (step.kind) {
    case "confirmed":
      return (
        <Card title="Alerts confirmed" heading={heading} icon="on">
          <p>
            We will write to {address(step.email)} when a session you starred moves or is cancelled: one e-mail per
            change, with the new time.
          </p>
          <p className="mt-3">
            <span className="font-semibold">To stop:</span> “Stop these alerts” here, the link at the end of every
            alert, or “Stop alerts” on your agenda.
          </p>
          <div className="mt-6 flex flex-wrap gap-3">
            <AgendaLink />
            <button
              type="button"
              disabled={busy}
              className="btn btn-outline"
              onClick={() => void act("stop", link.token)}
            >
              Stop these alerts
            </button>
          </div>
        </Card>
      );
    case "stopped":
      return (
        <Card title="Alerts stopped" heading={heading} icon="off">
          <p>
            Nothing more is sent to {address(step.email)}. To be told again, use “Tell me if my sessions change” on your
            agenda.
          </p>
          <div className="mt-6">
            <AgendaLink />
          </div>
        </Card>
      );
    case "invalid":
      return (
        <Card title="This link is not valid" heading={heading} icon="off">
          <p>{step.message} The alerts may have been stopped meanwhile; you can ask for them again from your agenda.</p>
          <div className="mt-6">
            <AgendaLink />
          </div>
        </Card>
      );
    case "ask": {
      const ask = ASK[link.action];
      return (
        <Card title={ask.title} heading={heading} icon={link.action === "confirm" ? "on" : "off"}>
          <p>{ask.question}</p>
          <button
            type="button"
            disabled={busy}
            className="btn btn-primary mt-6"
            onClick={() => void act(link.action, link.token)}
          >
            {ask.button}
          </button>
          <p role="status" className="mt-3 min-h-6 font-semibold text-rose">
            {step.failed ?? ""}
          </p>
        </Card>
      );
    }
  }
}

function Card(props: {
  title: string;
  heading: RefObject<HTMLHeadingElement | null>;
  icon: "on" | "off";
  children: ReactNode;
}) {
  const Icon = props.icon === "on" ? BellRing : BellOff;
  return (
    <div className="rounded-[var(--radius-card)] bg-paper p-6 text-lg shadow-soft md:p-10" data-alert-link>
      <Icon aria-hidden="true" className="size-10 text-gold-deep" strokeWidth={1.5} />
      <h2 ref={props.heading} tabIndex={-1} className="mt-3 text-3xl font-semibold">
        {props.title}
      </h2>
      <div className="mt-3">{props.children}</div>
    </div>
  );
}

const AgendaLink = () => (
  <Link to="/agenda" className="btn btn-primary">
    Open my agenda
  </Link>
);

/** Without a mailed link (and before hydration): what alerts are, and where to ask for them. */
function AboutAlerts() {
  return (
    <div className="rounded-[var(--radius-card)] bg-paper p-6 text-lg shadow-soft md:p-10">
      <BellRing aria-hidden="true" className="size-10 text-gold-deep" strokeWidth={1.5} />
      <h2 className="mt-3 text-3xl font-semibold">Be told when your sessions change</h2>
      <p className="mt-3">
        Star the sessions you want to attend on the{" "}
        <Link to="/schedule" className="font-semibold underline underline-offset-4">
          schedule
        </Link>
        , then press “Tell me if my sessions change” on your agenda or on a session&apos;s page. We send one e-mail when
        a starred session moves or is cancelled, and every one says how to stop. No account needed.
      </p>
      <noscript>
        <p className="mt-3 font-semibold">
          A link from one of our mails confirms or stops your alerts here with JavaScript on: please turn it on, or open
          the link in another browser.
        </p>
      </noscript>
      <div className="mt-6">
        <AgendaLink />
      </div>
    </div>
  );
}
