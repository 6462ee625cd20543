import { useCallback, useEffect, useRef, useState } from "react";
import * as api from "~/api/admin/shifts";
import type { PlanAnswer } from "~/api/admin/shifts";
import { callAdmin } from "~/lib/admin/api";
import { PlanList } from "./plan-list";
import { PlanNamed } from "./plan-named";
import { ShiftForm } from "./plan-shift-form";

/**
 * The Shifts tab (issue 66, item 1), phone first: roles (what volunteers do), places (doors, desks, rooms), "Make
 * shifts" (one shift repeated over the days ticked, on the event's clock) and the shifts made, by day. What was
 * done is said in a status line that takes the focus; a refusal at its field or its item.
 */
export function ShiftsPanel({ fail }: { fail: (status: number, message: string) => void }) {
  const [plan, setPlan] = useState<PlanAnswer | null>(null);
  // `n`: each message takes the focus, the same words again too.
  const [said, setSaid] = useState<{ text: string; n: number } | null>(null);
  const status = useRef<HTMLParagraphElement>(null);

  const load = useCallback(async () => {
    const res = await callAdmin(api.planShifts);
    if (res.ok) setPlan(res.data);
    else fail(res.status, res.error);
  }, [fail]);
  useEffect(() => void load(), [load]);
  useEffect(() => {
    if (said) status.current?.focus();
  }, [said]);

  const changed = useCallback(
    async (message: string) => {
      await load();
      setSaid((s) => ({ text: message, n: (s?.n ?? 0) + 1 }));
    },
    [load],
  );

  return (
    <section aria-labelledby="shifts-title" className="mt-6 max-w-3xl">
      <h2 id="shifts-title" className="text-2xl font-semibold">
        Shifts
      </h2>
      <p className="mt-1 text-muted">
        Roles, places and shifts for the volunteers. Times are on the event&apos;s clock
        {plan ? ` (${plan.timeZone.replace(/_/g, " ")})` : ""}.
      </p>
      <div role="status" className="mt-4 empty:hidden">
        {said ? (
          <p ref={status} tabIndex={-1} className="rounded-xl bg-mist p-3 font-semibold">
            {said.text}
          </p>
        ) : null}
      </div>
      {plan ? (
        <>
          <PlanNamed kind="role" items={plan.roles} fail={fail} onChanged={(m) => void changed(m)} />
          <PlanNamed kind="place" items={plan.places} fail={fail} onChanged={(m) => void changed(m)} />
          <section aria-labelledby="make-shifts-title" className="mt-8">
            <h3 id="make-shifts-title" className="mb-3 text-xl font-semibold">
              Make shifts
            </h3>
            {plan.roles.length && plan.places.length ? (
              <ShiftForm plan={plan} fail={fail} onDone={(m) => void changed(m)} />
            ) : (
              <p className="text-muted">Add at least one role and one place first.</p>
            )}
          </section>
          <section aria-labelledby="planned-title" className="mt-8">
            <h3 id="planned-title" className="text-xl font-semibold">
              The shifts, by day
            </h3>
            <PlanList plan={plan} fail={fail} onChanged={(m) => void changed(m)} />
          </section>
        </>
      ) : (
        <p className="mt-4">Loading the plan…</p>
      )}
    </section>
  );
}
