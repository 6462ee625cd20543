import { useCallback, useEffect, useMemo, useRef, useState, type FormEvent } from "react";
import { FormFields } from "~/components/forms/form-fields";
import { SiteForm, type SoldOutAnswer } from "~/components/forms/site-form";
import { ticket } from "~/forms/ticket";
import { useAvailability } from "~/lib/hooks/use-availability";
import { isSoldOut, seatsText } from "~/lib/tickets/api";
import { cardOnlyMessage } from "~/lib/tickets/orders";
import { orderTotal, planPrice } from "~/lib/tickets/price";
import { SoldOutNotice } from "./sold-out-notice";
import { WaitlistForm } from "./waitlist-form";

export interface TicketPurchaseProps {
  titleId: string;
  currency: string;
  plans: { id: string; title: string; price: number; tickets: number; maxPerOrder: number }[];
  /** The plan chosen at first (`?plan=`). */
  plan: string;
}

/** No card provider here (issue 53): a paid plan is paid later, by bank transfer, cash or cheque, once the address is confirmed (issue 61). */
export const NO_PAYMENTS_NOTICE =
  "You pay by bank transfer, cash or cheque: once you order, we e-mail you a link to confirm your address. When you open it, we e-mail you the reference, the amount and how to pay, and keep your seats until the deadline it gives.";

export const PLAN_SOLD_OUT =
  "Sold out: every seat of this plan is taken. Join the waiting list, or choose another plan in the list below.";

/** The anchors a post without JavaScript comes back to: the sold-out notice, or its waiting list's answer. */
const NO_JS_ANSWER = /^#(sold-out|sent-waitlist|invalid-waitlist-)/;

/**
 * The purchase form (app/forms/ticket.ts, sent to the box office): each plan's seats left once known, a plain
 * word when a paid plan cannot be paid online here, and the sold-out answer beside the form with the waiting
 * list. A plan the availability answer calls sold out shows the waiting list instead of the purchase form.
 */
export function TicketPurchase({ titleId, currency, plans, plan }: TicketPurchaseProps) {
  const { availability, refresh } = useAvailability();
  const [chosen, setChosen] = useState(plan);
  /** The plan the purchase form's select starts with when it (re)appears. */
  const [formPlan, setFormPlan] = useState(plan);
  const [quantity, setQuantity] = useState(1);
  /** The box office's sold-out answer to this visit's purchase (`n` counts them: each starts the list afresh). */
  const [soldOut, setSoldOut] = useState<{ answer: SoldOutAnswer; plan: string; quantity: number; n: number } | null>(
    null,
  );
  /** The visitor changed the plan here (then a form that disappears under the focus hands it on). */
  const [changed, setChanged] = useState(false);
  /** The pre-rendered waiting list stays for a visit without JavaScript, or one that came back to its answer. */
  const [noJsAnswer, setNoJsAnswer] = useState(true);
  useEffect(() => setNoJsAnswer(NO_JS_ANSWER.test(window.location.hash)), []);
  useEffect(() => {
    setChosen(plan);
    setFormPlan(plan);
  }, [plan]);

  const waiting = isSoldOut(availability?.plans[chosen]) && !soldOut;
  const answer = useMemo(
    () => soldOut?.answer ?? (waiting ? { message: PLAN_SOLD_OUT, left: 0 } : null),
    [soldOut, waiting],
  );
  const purchase = useRef<HTMLDivElement>(null);
  const wasWaiting = useRef(waiting);
  useEffect(() => {
    // Back from the waiting list to a plan with seats: the select the visitor used is gone; theirs is this one.
    if (wasWaiting.current && !waiting && changed)
      purchase.current?.querySelector<HTMLSelectElement>("select[name=plan]")?.focus();
    wasWaiting.current = waiting;
  }, [waiting, changed]);

  const onSoldOut = useCallback(
    (answer: SoldOutAnswer) => {
      setSoldOut((last) => ({ answer, plan: chosen, quantity, n: (last?.n ?? 0) + 1 }));
      refresh();
    },
    [refresh, chosen, quantity],
  );
  const onChange = (event: FormEvent<HTMLFormElement>) => {
    const target = event.target as HTMLInputElement;
    if (target.name === "quantity") setQuantity(target.value.trim() === "" ? Number.NaN : Number(target.value));
    if (target.name !== "plan") return;
    setChosen(target.value);
    setChanged(true);
    setSoldOut(null);
  };
  const onWaitlistPlan = (value: string) => {
    setChosen(value);
    setQuantity(1);
    setFormPlan(value);
    setChanged(true);
  };
  const onReset = () => {
    // The form goes back to its first plan and one ticket (after a purchase was sent): so does the total.
    setChosen(formPlan);
    setQuantity(1);
  };
  const current = plans.find((p) => p.id === chosen) ?? plans[0]!;
  const price = current.price;
  // A paid plan no way here can pay (it takes only cards, and no card provider is configured): said at once.
  const methods = availability?.plans[current.id]?.methods;
  const cardOnly = price > 0 && methods !== undefined && methods.length === 0;
  // Short enough for a phone's closed menu (360 px); the chosen plan's seats are on the line under it.
  const options = plans.map((p) => {
    const soldOut = isSoldOut(availability?.plans[p.id]) ? ": Sold out" : "";
    const price = planPrice(p.price, currency);
    return {
      value: p.id,
      label: `${p.title}: ${price} (${p.tickets} ${p.tickets === 1 ? "ticket" : "tickets"})${soldOut}`,
    };
  });

  return (
    <div ref={purchase} className="grid gap-6">
      {waiting ? (
        <h2 id={titleId} className="text-3xl font-semibold">
          Ticket purchase
        </h2>
      ) : (
        <SiteForm
          form={ticket}
          className="grid gap-5 sm:grid-cols-2"
          aria-labelledby={titleId}
          onSoldOut={onSoldOut}
          onChange={onChange}
          onReset={onReset}
        >
          <h2 id={titleId} className="text-3xl font-semibold sm:col-span-2">
            Ticket purchase
          </h2>
          <FormFields
            form={ticket}
            values={{ plan: formPlan }}
            options={{ plan: options }}
            notes={{ plan: seatsText(availability?.plans[current.id]) }}
          />
          <div className="sm:col-span-2">
            <OrderTotal plan={current} quantity={quantity} currency={currency} />
            {cardOnly ? (
              <p className="font-semibold" role="status" data-testid="no-card-payments">
                {cardOnlyMessage(availability?.contact)}
              </p>
            ) : (
              <button type="submit" className="btn btn-primary">
                Buy Ticket
              </button>
            )}
            {availability?.payments === false && price > 0 && !cardOnly && (
              <p className="mt-3 text-muted" data-testid="no-payments">
                {NO_PAYMENTS_NOTICE}
              </p>
            )}
          </div>
        </SiteForm>
      )}
      <SoldOutNotice answer={answer} plan={chosen} focus={soldOut !== null || changed}>
        {soldOut ? (
          <WaitlistForm key={`answer-${soldOut.n}`} plans={options} plan={soldOut.plan} quantity={soldOut.quantity} />
        ) : waiting ? (
          <WaitlistForm key="waiting" plans={options} plan={chosen} quantity={1} onPlanChange={onWaitlistPlan} />
        ) : noJsAnswer ? (
          <WaitlistForm key="no-js" plans={options} plan={chosen} quantity={1} />
        ) : null}
      </SoldOutNotice>
    </div>
  );
}

/**
 * The plan's price times the quantity, in the plan's currency, under the form ("Total: $118, 2 × Family at
 * $59"); read out politely by a screen reader when it changes. A quantity the form refuses says what it takes.
 */
function OrderTotal({
  plan,
  quantity,
  currency,
}: {
  plan: TicketPurchaseProps["plans"][number];
  quantity: number;
  currency: string;
}) {
  const total = orderTotal(plan.price, quantity, currency, plan.maxPerOrder);
  return (
    <p aria-live="polite" aria-atomic="true" data-order-total className="mb-5 text-lg">
      {total === null ? (
        <span className="text-muted">
          Total: choose from 1 to {plan.maxPerOrder} of the {plan.title} plan.
        </span>
      ) : (
        <>
          <span className="font-semibold">
            Total: <strong className="font-serif text-2xl text-night">{total}</strong>
          </span>
          <span className="text-muted">
            , {quantity} × {plan.title} at {planPrice(plan.price, currency)}
          </span>
        </>
      )}
    </p>
  );
}
