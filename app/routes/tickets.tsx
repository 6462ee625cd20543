import { useEffect, useState } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { PageBanner } from "~/components/layout/page-banner";
import { TICKETS_API, waitForOrder, type SessionAnswer } from "~/lib/tickets/api";

/**
 * /tickets?session=cs_… (issue 42): the buyer's return from the card provider's checkout. The order is made
 * when the provider's event arrives, which may be after the buyer: this page asks every second for a minute,
 * then replaces its address with the order's page. Rendered in the browser only; never indexed.
 */
export const meta = () => [{ title: "Your tickets | TNCC" }, { name: "robots", content: "noindex, nofollow" }];

export function HydrateFallback() {
  return <p className="container-page py-10">Loading your tickets…</p>;
}

async function ask(sessionId: string): Promise<SessionAnswer> {
  const res = await fetch(TICKETS_API.session(sessionId), { headers: { Accept: "application/json" } });
  if (res.status === 404) return { missing: true };
  if (!res.ok && res.status !== 202) throw new Error(String(res.status));
  return (await res.json()) as SessionAnswer;
}

export default function Tickets() {
  const [params] = useSearchParams();
  const session = params.get("session");
  const navigate = useNavigate();
  const [late, setLate] = useState(false);

  useEffect(() => {
    if (!session) return;
    let live = true;
    void waitForOrder({
      ask: () => ask(session),
      sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
    }).then((url) => {
      if (!live) return;
      if (url) void navigate(url, { replace: true });
      else setLate(true);
    });
    return () => {
      live = false;
    };
  }, [session, navigate]);

  return (
    <>
      <PageBanner title="Your tickets" />
      <section className="section" aria-label="Your tickets">
        <div className="container-page max-w-4xl">
          {!session ? (
            <p>
              Your tickets are at the address in the e-mail we sent you. To buy tickets, go to{" "}
              <Link to="/buy-ticket" className="underline">
                Buy Ticket
              </Link>
              .
            </p>
          ) : late ? (
            <p role="alert" className="font-semibold">
              Your payment is taking longer than usual to confirm. You will get an e-mail with your tickets as soon as
              it is; you can close this page.
            </p>
          ) : (
            <p role="status" className="font-semibold" aria-busy="true">
              Confirming your payment…
            </p>
          )}
        </div>
      </section>
    </>
  );
}
