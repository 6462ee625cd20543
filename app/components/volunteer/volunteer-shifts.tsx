import { useCallback, useEffect, useState } from "react";
import * as api from "~/api/admin/shifts";
import type { Shift, VolunteerAnswer } from "~/api/admin/shifts";
import { blockoutSchema } from "~/forms/shifts";
import { callAdmin, type ApiResult } from "~/lib/admin/api";
import { bodyProblem } from "~/lib/admin/route";
import { Blockouts } from "./blockouts";
import { CalendarLink } from "./calendar-link";
import { MyShifts } from "./my-shifts";
import { Notice, type NoticeValue } from "./notice";
import { OpenShifts } from "./open-shifts";
import { RolesChooser } from "./roles-chooser";

type Section = "mine" | "open" | "roles" | "blockouts";

const said = (res: ApiResult<{ message?: string }>): NoticeValue =>
  res.ok ? { text: res.data.message ?? "Done." } : { text: res.error, error: true };

/** The signed-in volunteer's sections; each answer is shown (and focused) in the section acted in. */
export function VolunteerShifts({ onSignedOut }: { onSignedOut: () => void }) {
  const [data, setData] = useState<VolunteerAnswer | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<{ in: Section; value: NoticeValue } | null>(null);
  const [busy, setBusy] = useState<number | null>(null);
  const [now, setNow] = useState(() => Date.now());

  const load = useCallback(async () => {
    const res = await callAdmin(api.volunteerShifts);
    if (res.status === 401) return onSignedOut();
    if (res.ok) {
      setData(res.data);
      setNow(Date.now());
    } else setError(res.error);
  }, [onSignedOut]);
  useEffect(() => {
    void load();
    // "I'm here" appears when it is time: the page looks again every minute.
    const timer = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(timer);
  }, [load]);

  const act = async (section: Section, res: ApiResult<{ message?: string }>) => {
    if (res.status === 401) return onSignedOut();
    await load();
    setNotice({ in: section, value: said(res) });
  };

  async function signUp(shift: Shift) {
    setBusy(shift.id);
    const res = await callAdmin(api.signUp, { params: { id: shift.id } });
    setBusy(null);
    // Signed up: the answer goes where the shift now is (My shifts); refused: where they tapped.
    await act(res.ok ? "mine" : "open", res);
  }

  if (error)
    return (
      <p role="alert" className="mt-6 font-semibold text-rose">
        {error}
      </p>
    );
  if (!data) return <p className="mt-6">Loading your shifts…</p>;
  const here = (s: Section) => (notice?.in === s ? notice.value : null);
  const { timeZone } = data;
  return (
    <div className="mt-6 grid gap-10">
      <section aria-labelledby="mine-title">
        <h2 id="mine-title" className="text-2xl font-semibold">
          My shifts
        </h2>
        {data.me.missed ? (
          <p className="mt-2 text-muted">
            Marked missing on {data.me.missed} {data.me.missed === 1 ? "shift" : "shifts"}: if that is wrong, tell an
            organiser.
          </p>
        ) : null}
        <Notice notice={here("mine")} />
        <MyShifts
          mine={data.mine}
          timeZone={timeZone}
          giveBackHours={data.giveBackHours}
          now={now}
          onGiveBack={(s) => void callAdmin(api.giveBack, { params: { id: s.id } }).then((r) => act("mine", r))}
          onHere={(s) => void callAdmin(api.markHere, { params: { id: s.id } }).then((r) => act("mine", r))}
        />
      </section>
      <section aria-labelledby="open-title">
        <h2 id="open-title" className="text-2xl font-semibold">
          Open shifts
        </h2>
        <p className="mt-1 text-muted">
          {data.me.roleIds.length ? "Of the roles you chose" : "Of every role"}; not those at the same time as one of
          yours, nor in the times you can't come.
        </p>
        <Notice notice={here("open")} />
        <OpenShifts open={data.open} timeZone={timeZone} busy={busy} onSignUp={(s) => void signUp(s)} />
      </section>
      <section aria-labelledby="roles-title">
        <h2 id="roles-title" className="text-2xl font-semibold">
          What I'll do
        </h2>
        <RolesChooser
          key={data.me.roleIds.join(",")}
          roles={data.roles}
          chosen={data.me.roleIds}
          onSave={(roleIds) => callAdmin(api.chooseRoles, { body: { roleIds } }).then((r) => act("roles", r))}
        />
        <Notice notice={here("roles")} />
      </section>
      <section aria-labelledby="blockouts-title">
        <h2 id="blockouts-title" className="text-2xl font-semibold">
          Times I can't come
        </h2>
        <Notice notice={here("blockouts")} />
        <Blockouts
          blockouts={data.blockouts}
          days={data.days}
          timeZone={timeZone}
          onAdd={async (fields) => {
            // Checked here as the server checks it: a slip is said at its field without a round trip.
            const parsed = blockoutSchema.safeParse(fields);
            if (!parsed.success) return bodyProblem(parsed.error.issues);
            const res = await callAdmin(api.addBlockout, { body: parsed.data });
            if (!res.ok && res.status !== 401) return { error: res.error, field: res.field };
            await act("blockouts", res);
            return null;
          }}
          onRemove={(id) => void callAdmin(api.removeBlockout, { params: { id } }).then((r) => act("blockouts", r))}
        />
      </section>
      <section aria-labelledby="calendar-title">
        <h2 id="calendar-title" className="text-2xl font-semibold">
          Add my shifts to my calendar
        </h2>
        <CalendarLink />
      </section>
    </div>
  );
}
