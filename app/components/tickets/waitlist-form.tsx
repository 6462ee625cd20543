import { useId, useState, type FormEvent } from "react";
import { FormFields } from "~/components/forms/form-fields";
import { waitlist } from "~/forms/waitlist";
import { SiteForm } from "~/components/forms/site-form";

export interface WaitlistFormProps {
  /** The plans to choose from, labelled as the purchase form labels them. */
  plans: readonly { value: string; label: string }[];
  /** The plan and quantity asked for: the form starts with them. */
  plan: string;
  quantity: number;
  /** The visitor chose another plan in this form. */
  onPlanChange?: (plan: string) => void;
}

/**
 * The waiting list of a sold-out plan (app/forms/waitlist.ts, sent to the box office's waiting list): it sits
 * in the sold-out notice. Its answer ("open the link we mailed", or "seats are free: buy them") is shown in
 * the form and takes the focus; a wrong field is marked beside it.
 */
export function WaitlistForm({ plans, plan, quantity, onPlanChange }: WaitlistFormProps) {
  const id = useId();
  // What the form starts with; later the fields are the visitor's (a remount would clear what they typed).
  const [start] = useState({ plan, quantity });
  return (
    <SiteForm
      form={waitlist}
      aria-labelledby={`${id}-title`}
      className="mt-5 grid gap-4 sm:grid-cols-2"
      onChange={(event: FormEvent<HTMLFormElement>) => {
        const target = event.target as HTMLSelectElement;
        if (target.name === "plan") onPlanChange?.(target.value);
      }}
    >
      <h3 id={`${id}-title`} className="text-xl font-semibold sm:col-span-2">
        Join the waiting list
      </h3>
      <p className="text-muted sm:col-span-2">
        When seats come free, we e-mail the first in line an offer: the seats are kept for them for a while.
      </p>
      <FormFields form={waitlist} values={start} options={{ plan: plans }} />
      <div className="sm:col-span-2">
        <button type="submit" className="btn btn-primary">
          Join the waiting list
        </button>
      </div>
    </SiteForm>
  );
}
