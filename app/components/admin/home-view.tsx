import { useEffect, useId, useState, type ReactNode } from "react";
import { Link } from "react-router";
import { showHome, type HomeSummary } from "~/api/admin/home";
import { callAdmin } from "~/lib/admin/api";
import { tabHref } from "./admin-nav";

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** One thing that may need attention: its count, what it is, and where to see to it. */
function Card({
  title,
  count,
  note,
  children,
}: {
  title: string;
  count: number | null;
  /** A short warning beside the title (it takes no line of its own on a phone). */
  note?: ReactNode;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="flex gap-4 rounded-[var(--radius-card)] bg-paper p-4 sm:p-5">
      {count === null ? null : (
        <p className={`min-w-10 font-serif text-4xl font-semibold ${count ? "text-rose" : "text-muted"}`}>{count}</p>
      )}
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-baseline justify-between gap-x-3">
          <h3 id={id} className="text-lg font-semibold">
            {title}
          </h3>
          {note}
        </div>
        <div className="mt-1">{children}</div>
      </div>
    </section>
  );
}

const link = "font-semibold underline underline-offset-4 hover:text-rose";

/**
 * The organisers' home (issue 41): what needs attention, each with a link to where it is seen to. The box
 * office's card says the seats sold, the money waiting on orders paid later, and warns while the instructions
 * those buyers are mailed are still the sample text (issue 61). On the event's days, the ratings given today and
 * the best-rated session (issue 63). The next shift short of people (issue 66).
 */
export function HomeView({ fail }: { fail: (status: number, message: string) => void }) {
  const [summary, setSummary] = useState<HomeSummary | null>(null);

  useEffect(() => {
    let live = true;
    void callAdmin(showHome).then((res) => {
      if (!live) return;
      if (res.ok) setSummary(res.data);
      else fail(res.status, res.error);
    });
    return () => {
      live = false;
    };
    // Once, when the home opens (`fail` changes with every render of the page above).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const messages = summary?.messages.reduce((sum, m) => sum + m.count, 0) ?? 0;
  return (
    <section aria-labelledby="home-title" className="mt-6">
      <h2 id="home-title" className="text-2xl font-semibold">
        What needs attention
      </h2>
      {summary === null ? (
        <p className="mt-4">Loading…</p>
      ) : (
        <div className="mt-4 grid gap-3 md:grid-cols-2 xl:grid-cols-3">
          <Card title="New messages" count={messages}>
            {summary.messages.length ? (
              <ul className="flex flex-wrap gap-x-4">
                {summary.messages.map((m) => (
                  <li key={m.kind}>
                    <Link className={link} to={{ pathname: "/admin", search: `?tab=${m.kind}&status=new` }}>
                      {m.label}: {m.count} new
                    </Link>
                  </li>
                ))}
              </ul>
            ) : (
              <p>No new messages.</p>
            )}
          </Card>
          <Card title="Comments waiting" count={summary.comments}>
            {summary.comments ? (
              <Link className={link} to={{ pathname: "/admin", search: "?tab=comment&status=pending" }}>
                Approve or reject {plural(summary.comments, "comment", "comments")}
              </Link>
            ) : (
              <p>No comment is waiting for approval.</p>
            )}
          </Card>
          {summary.speakerChanges ? (
            <Card title="Speakers' changes to review" count={summary.speakerChanges}>
              <Link className={link} to={tabHref("speakers")}>
                Review {plural(summary.speakerChanges, "speaker's change", "speakers' changes")}
              </Link>
            </Card>
          ) : null}
          <Card title="Saved changes not yet published" count={summary.unpublished}>
            {summary.unpublished ? (
              <Link className={link} to={tabHref("publish")}>
                Publish {plural(summary.unpublished, "saved change", "saved changes")}
              </Link>
            ) : summary.unpublished === 0 ? (
              <p>
                Everything saved is live.{" "}
                <Link className={link} to={tabHref("content")}>
                  Edit the content
                </Link>
              </p>
            ) : (
              <Link className={link} to={tabHref("publish")}>
                See what is live on Publish
              </Link>
            )}
          </Card>
          {summary.ratingsToday ? (
            <Card title="Ratings today" count={summary.ratingsToday.count}>
              <p>
                {summary.ratingsToday.best ? (
                  <>
                    Best rated so far: <strong>{summary.ratingsToday.best.title}</strong>,{" "}
                    {summary.ratingsToday.best.when} ({summary.ratingsToday.best.average.toFixed(1)} from{" "}
                    {summary.ratingsToday.best.ratings} ratings).{" "}
                  </>
                ) : (
                  "No session has 5 ratings yet. "
                )}
                <Link className={link} to={tabHref("feedback")}>
                  See the feedback
                </Link>
              </p>
            </Card>
          ) : null}
          {summary.nextGap ? (
            // Issue 66: the next shift short of people, and how many are.
            <Card title="Shifts short of people" count={summary.nextGap.gaps}>
              <p>
                Next: <strong>{summary.nextGap.what}</strong>, {summary.nextGap.when}, {summary.nextGap.filled} of{" "}
                {summary.nextGap.needed} people.{" "}
                <Link className={link} to={tabHref("rota")}>
                  Find people on the Rota
                </Link>
              </p>
            </Card>
          ) : null}
          {summary.tickets ? (
            <Card
              title="Tickets sold"
              count={null}
              note={
                // Issue 61: buyers who pay later are mailed these words; the sample says "account details from
                // the church office".
                summary.payLaterPlaceholder ? (
                  <Link
                    className="text-sm font-semibold text-rose underline underline-offset-4"
                    to={tabHref("content")}
                    title="The pay-later instructions mailed to buyers are still the sample text: write your bank details in Ticket plans."
                  >
                    Pay-later text is a sample
                  </Link>
                ) : null
              }
            >
              <p>
                <strong className="font-serif text-2xl">{summary.tickets.sold}</strong> of {summary.tickets.capacity}{" "}
                seats
                {summary.tickets.waiting
                  ? `, ${plural(summary.tickets.waiting, "person", "people")} on the waiting list`
                  : ""}
                .{" "}
                <Link className={link} to={tabHref("box-office")}>
                  See the orders
                </Link>
              </p>
              {/* Issue 61: the money waiting on orders paid later. */}
              {summary.moneyWaiting ? (
                <p className="mt-1">
                  <strong>Money waiting:</strong> {plural(summary.moneyWaiting.orders, "order waits", "orders wait")}{" "}
                  for {summary.moneyWaiting.amount}
                  {summary.moneyWaiting.oldestDue ? `, the oldest due ${summary.moneyWaiting.oldestDue}` : ""}.
                </p>
              ) : null}
            </Card>
          ) : null}
        </div>
      )}
    </section>
  );
}
