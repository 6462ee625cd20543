import { useCallback, useEffect, useState, type FormEvent } from "react";
import { FormFields } from "~/components/forms/form-fields";
import { SiteForm, type SoldOutAnswer } from "~/components/forms/site-form";
import { useAvailability } from "~/lib/hooks/use-availability";
import { seatsText } from "~/lib/tickets/api";
import { SoldOutNotice } from "./sold-out-notice";
import { planPrice } from "./ticket-plans";

export interface TicketPurchaseProps {
  titleId: string;
  currency: string;
  plans: { id: string; title: string; price: number; tickets: number }[];
  /** The plan chosen at first (`?plan=`). */
  plan: string;
}

export const NO_PAYMENTS_NOTICE =
  "Online payment is not available yet: your request goes to the organisers, who will contact you to complete it.";

/**
 * The purchase form (app/forms/ticket.ts, sent to the box office): each plan's seats left once known, a plain
 * word when a paid plan cannot be paid online here, and the sold-out answer beside the form.
 */
export function TicketPurchase({ titleId, currency, plans, plan }: TicketPurchaseProps) {
  const { availability, refresh } = useAvailability();
  const [chosen, setChosen] = useState(plan);
  const [soldOut, setSoldOut] = useState<SoldOutAnswer | null>(null);
  useEffect(() => setChosen(plan), [plan]);
  const onSoldOut = useCallback(
    (answer: SoldOutAnswer) => {
      setSoldOut(answer);
      refresh();
    },
    [refresh],
  );
  const onChange = (event: FormEvent<HTMLFormElement>) => {
    const target = event.target as HTMLSelectElement;
    if (target.name !== "plan") return;
    setChosen(target.value);
    setSoldOut(null);
  };
  const price = plans.find((p) => p.id === chosen)?.price ?? 0;

  return (
    <div className="grid gap-6">
      <SiteForm
        kind="ticket"
        className="grid gap-5 sm:grid-cols-2"
        aria-labelledby={titleId}
        onSoldOut={onSoldOut}
        onChange={onChange}
      >
        <h2 id={titleId} className="text-3xl font-semibold sm:col-span-2">
          Ticket purchase
        </h2>
        <FormFields
          kind="ticket"
          values={{ plan }}
          options={{
            plan: plans.map((p) => {
              const seats = seatsText(availability?.plans[p.id]);
              const price = planPrice(p.price, currency);
              return {
                value: p.id,
                label: `${p.title}: ${price} (${p.tickets} ${p.tickets === 1 ? "ticket" : "tickets"})${seats ? `: ${seats}` : ""}`,
              };
            }),
          }}
        />
        <div className="sm:col-span-2">
          <button type="submit" className="btn btn-primary">
            Buy Ticket
          </button>
          {availability?.payments === false && price > 0 && (
            <p className="mt-3 text-muted" data-testid="no-payments">
              {NO_PAYMENTS_NOTICE}
            </p>
          )}
        </div>
      </SiteForm>
      <SoldOutNotice answer={soldOut} plan={chosen} />
    </div>
  );
}
