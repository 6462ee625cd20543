import { useEffect, useState } from "react";
import { callAdmin } from "~/lib/admin/api";
import { when } from "~/lib/admin/when";
import {
  announcementAudiences,
  listAnnouncements,
  withdrawAnnouncement,
  type AnnouncementRow,
} from "~/api/admin/announcements";
import type { AnswerOf } from "~/lib/admin/route";
import { AnnouncementForm } from "./announcement-form";

/** Still going out: recipients not queued yet, or queued mails the outbox has not sent. */
const sending = (a: AnnouncementRow) =>
  !a.withdrawnAt && (a.queued + a.skipped < a.recipients || a.sent + a.failed < a.queued);
const showing = (a: AnnouncementRow, now: number) => !a.withdrawnAt && Date.parse(a.showsUntil) > now;

/**
 * The Announcements tab (issue 44): write one, preview it, show it on the site only (issue 51) or test it and
 * send it to one audience; then each sending's progress (listed, queued, sent), refreshed every 2 s while one
 * goes out, and Withdraw.
 */
export function AnnouncementsPanel({ who, fail }: { who: string; fail: (status: number, message: string) => void }) {
  const [audiences, setAudiences] = useState<AnswerOf<typeof announcementAudiences> | null>(null);
  const [list, setList] = useState<AnnouncementRow[] | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [version, setVersion] = useState(0);

  useEffect(() => {
    void callAdmin(announcementAudiences).then((res) =>
      res.ok ? setAudiences(res.data) : fail(res.status, res.error),
    );
    // Once per change; `fail` changes with every render of the page above.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [version]);
  useEffect(() => {
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const load = async () => {
      const res = await callAdmin(listAnnouncements);
      if (!live) return;
      if (!res.ok) return fail(res.status, res.error);
      setList(res.data.announcements);
      if (res.data.announcements.some(sending)) timer = setTimeout(() => void load(), 2000);
    };
    void load();
    return () => {
      live = false;
      clearTimeout(timer);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [version]);

  async function withdraw(a: AnnouncementRow) {
    const res = await callAdmin(withdrawAnnouncement, { params: { id: a.id } });
    if (!res.ok) return fail(res.status, res.error);
    setNotice(`“${a.title}” is withdrawn: it no longer shows on the site.`);
    setVersion((v) => v + 1);
  }

  const now = Date.now();
  return (
    <section aria-labelledby="announcements-title" className="mt-8">
      <h2 id="announcements-title" className="text-2xl font-semibold">
        Announcements
      </h2>
      <p className="mt-2 max-w-2xl text-muted">
        A short notice shown at the top of every page of the site; if you choose, also e-mailed once to the people you
        choose.
      </p>
      <p role="status" className="mt-4 font-semibold empty:hidden">
        {notice}
      </p>
      {audiences ? (
        <AnnouncementForm
          audiences={audiences.audiences}
          defaultUntil={audiences.defaultUntil}
          defaultUntilText={audiences.defaultUntilText}
          who={who}
          fail={fail}
          onSent={(message) => {
            setNotice(message);
            setVersion((v) => v + 1);
          }}
        />
      ) : (
        <p className="mt-4">Loading…</p>
      )}
      <h3 className="mt-10 text-xl font-semibold">Sent</h3>
      {list && list.length === 0 ? <p className="mt-2">No announcement yet.</p> : null}
      <ul className="mt-2 grid gap-3" aria-label="Announcements sent">
        {(list ?? []).map((a) => (
          <li key={a.id} className="rounded-[var(--radius-card)] bg-paper p-4">
            <p className="font-semibold break-words">{a.title}</p>
            <p className="text-muted">
              {a.audienceLabel ? `To ${a.audienceLabel}` : "On the site only"} on {when(a.sentAt)} ·{" "}
              {a.withdrawnAt
                ? `withdrawn ${when(a.withdrawnAt)}`
                : showing(a, now)
                  ? `showing until ${when(a.showsUntil)}`
                  : `ended ${when(a.showsUntil)}`}
            </p>
            {a.audience === null ? (
              <p data-progress={a.id}>Not e-mailed.</p>
            ) : (
              <p data-progress={a.id}>
                {a.recipients} recipients: {a.queued} queued, {a.sent} sent
                {a.failed ? `, ${a.failed} failed` : ""}
                {a.skipped ? `, ${a.skipped} unsubscribed since` : ""}
                {a.withdrawnAt && a.queued + a.skipped < a.recipients ? " (the rest not sent)" : ""}
              </p>
            )}
            {showing(a, now) ? (
              <button type="button" className="btn btn-outline mt-2" onClick={() => void withdraw(a)}>
                Withdraw<span className="sr-only"> “{a.title}”</span>
              </button>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
