import { CalendarPlus, Download, MonitorSmartphone, Share2 } from "lucide-react";
import { useEffect, useMemo, useState } from "react";
import { Link, useLocation, useNavigate } from "react-router";
import { AlertsPanelLazy } from "~/components/agenda/alerts-lazy";
import { KeepDialog } from "~/components/agenda/keep-dialog";
import { ShareDialog } from "~/components/agenda/share-dialog";
import { StarButton } from "~/components/agenda/star-button";
import { RatingFormLater } from "~/components/feedback/later";
import { ChangeMark, cancelledTitle } from "~/components/schedule/change-mark";
import { PageBanner } from "~/components/layout/page-banner";
import { agendaView } from "~/content/views.server";
import { decodeAgenda, encodeAgenda } from "~/lib/agenda/code";
import { agendaCalendar, clashes, type AgendaSession } from "~/lib/agenda/ics";
import { isKeepHash, keptFeedPath } from "~/lib/agenda/kept-link";
import { takeChangedSinceSeen, useAgenda, useKeptSecret } from "~/lib/agenda/store";
import { useJoinKeptAgenda } from "~/lib/agenda/use-join";
import { pageMeta } from "~/lib/seo/meta";
import { timeRange, type EventZone } from "~/lib/schedule/time";
import { useHydrated } from "~/lib/hooks/use-hydrated";
import type { Route } from "./+types/agenda";
import { pageUrl } from "~/lib/urls";

export async function loader() {
  return agendaView();
}

export const meta = () =>
  pageMeta({
    title: "My agenda",
    description: "The sessions you starred, by day, to share, download or subscribe to. No account needed.",
    path: "/agenda",
  });

/**
 * My agenda: the starred sessions by day (event's zone), clashes marked; share link and QR code,
 * .ics download and subscription URL, and "Tell me if my sessions change" with what alerts are on (issue 51).
 * Opening someone's link (#code) shows theirs, with "Add these to mine".
 * The pre-rendered page is a shell: the selection lives in this browser and shows after hydration. The intro
 * is pre-rendered and stays, the same element, while nothing is starred: so an empty agenda paints nothing new
 * when the page hydrates (it was the page's largest text, painted only after hydration: LCP about 2 s).
 */
export default function Agenda({ loaderData: d }: Route.ComponentProps) {
  const hydrated = useHydrated();
  // A shared agenda's code is in the fragment: read after hydration (the pre-rendered page has none).
  const location = useLocation();
  const hash = hydrated ? location.hash.slice(1) : "";
  const navigate = useNavigate();
  const { starred, merge } = useAgenda();
  const [sharing, setSharing] = useState(false);
  const [keeping, setKeeping] = useState(false);
  const [merged, setMerged] = useState(false);
  // A kept agenda's link (#keep=…) joins it (issue 44); any other fragment is a shared agenda's code.
  const kept = useKeptSecret();
  const joined = useJoinKeptAgenda(hash, () => void navigate("/agenda", { replace: true }));
  const shared = useMemo(() => (hash && !isKeepHash(hash) ? new Set(decodeAgenda(hash)) : null), [hash]);
  const shown = shared ?? starred;
  const picked = d.sessions.filter((s) => shown.has(s.number));
  const code = encodeAgenda(starred);
  const origin = hydrated ? window.location.origin : "";
  // The starred sessions that changed since this browser last opened the agenda: read once, then marked seen.
  const [changed, setChanged] = useState<ReadonlySet<number> | null>(null);
  useEffect(() => {
    if (!hydrated || shared || changed) return;
    setChanged(new Set(takeChangedSinceSeen(d.sessions, starred)));
  }, [hydrated, shared, changed, d.sessions, starred]);

  const download = () => {
    const ics = agendaCalendar(d, starred, origin, new Date());
    const url = URL.createObjectURL(new Blob([ics], { type: "text/calendar" }));
    const a = document.createElement("a");
    a.href = url;
    a.download = "my-agenda.ics";
    a.click();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };

  return (
    <>
      <PageBanner title={shared ? "A shared agenda" : "My agenda"} trail={[{ label: "Schedule", href: "/schedule" }]} />
      <section className="section bg-mist" aria-label="Agenda">
        <div className="container-page max-w-4xl">
          {(!hydrated || picked.length === 0) && <AgendaIntro />}
          {hydrated && (
            <>
              {shared && (
                <div className="mb-8 rounded-[var(--radius-card)] bg-paper p-6 shadow-soft" data-shared>
                  <p>
                    Someone shared these {shared.size} sessions with you. Your own selection is not changed unless you
                    add them.
                  </p>
                  <div className="mt-4 flex flex-wrap gap-3">
                    <button
                      type="button"
                      className="btn btn-primary"
                      onClick={() => {
                        merge(shared);
                        setMerged(true);
                      }}
                    >
                      Add these to mine
                    </button>
                    <button type="button" className="btn btn-outline" onClick={() => void navigate("/agenda")}>
                      Show my agenda
                    </button>
                  </div>
                  <p role="status" className="mt-2 min-h-6">
                    {merged ? `Added. Your agenda now has ${starred.size} sessions.` : ""}
                  </p>
                </div>
              )}
              {!shared && joined && (
                <p role="status" className="mb-8 rounded-[var(--radius-card)] bg-paper p-5 text-center shadow-soft">
                  {joined}
                </p>
              )}
              {!shared && changed && changed.size > 0 && (
                <p
                  role="status"
                  className="mb-8 rounded-[var(--radius-card)] bg-paper p-5 text-center font-semibold shadow-soft"
                  data-changed-notice
                >
                  {changed.size === 1 ? "1 of your sessions" : `${changed.size} of your sessions`} changed since you
                  last opened your agenda: see the marks below and the{" "}
                  <Link to="/changes" className="underline underline-offset-4">
                    list of changes
                  </Link>
                  .
                </p>
              )}
              <AgendaList
                days={d.days}
                picked={picked}
                zone={d.zone}
                editable={!shared}
                changed={shared ? undefined : (changed ?? undefined)}
                closesAt={d.feedbackClosesAt}
              />
              {!shared && (starred.size > 0 || kept) && (
                <div className="mt-10 flex flex-wrap items-center justify-center gap-4" data-print-hide>
                  {starred.size > 0 && (
                    <>
                      <button type="button" className="btn btn-primary" onClick={() => setSharing(true)}>
                        <Share2 aria-hidden="true" className="size-4" />
                        Share
                      </button>
                      <button type="button" className="btn btn-outline" onClick={download}>
                        <Download aria-hidden="true" className="size-4" />
                        Add to my calendar
                      </button>
                    </>
                  )}
                  <button type="button" className="btn btn-outline" onClick={() => setKeeping(true)}>
                    <MonitorSmartphone aria-hidden="true" className="size-4" />
                    {kept ? "On my other devices" : "Keep my agenda on my other devices"}
                  </button>
                  <a
                    href={kept ? keptFeedPath(kept) : `/api/agenda.ics?s=${code}`}
                    className="underline underline-offset-4 hover:text-rose"
                  >
                    <CalendarPlus aria-hidden="true" className="me-1 inline size-4" />
                    Calendar subscription link
                  </a>
                </div>
              )}
              {!shared && (starred.size > 0 || kept) && (
                <div
                  className="mx-auto mt-10 max-w-xl rounded-[var(--radius-card)] bg-paper p-6 shadow-soft"
                  data-print-hide
                >
                  <AlertsPanelLazy />
                </div>
              )}
              <ShareDialog open={sharing} onClose={() => setSharing(false)} url={`${origin}/agenda#${code}`} />
              <KeepDialog open={keeping} onClose={() => setKeeping(false)} origin={origin} />
            </>
          )}
        </div>
      </section>
    </>
  );
}

interface AgendaListProps {
  days: { id: number; label: string; fullDate: string }[];
  /** The sessions shown (starred, or in the shared link), in the agenda's order. */
  picked: readonly AgendaSession[];
  zone: EventZone;
  editable: boolean;
  /** Sessions that changed since the visitor last opened the agenda. */
  changed?: ReadonlySet<number>;
  /** When ratings close (issue 63); each kept session has its rating form. */
  closesAt?: string;
}

function AgendaList({ days, picked, zone, editable, changed, closesAt }: AgendaListProps) {
  if (picked.length === 0) return null;
  const clash = clashes(picked);
  return (
    <div className="space-y-10">
      <p className="text-center text-sm text-muted">Times in {zone.name}.</p>
      {days.map((day) => {
        const list = picked
          .filter((s) => s.dayId === day.id)
          .sort((a, b) => Date.parse(a.startsAt) - Date.parse(b.startsAt));
        if (list.length === 0) return null;
        return (
          <section key={day.id} aria-labelledby={`agenda-day-${day.id}`}>
            <h2 id={`agenda-day-${day.id}`} className="text-2xl font-semibold">
              {day.label}: {day.fullDate}
            </h2>
            <ol className="mt-4 space-y-3">
              {list.map((s) => {
                const others = clash.get(s.number);
                return (
                  <li
                    key={s.number}
                    data-session={s.number}
                    data-changed-since={changed?.has(s.number) || undefined}
                    className="flex items-start gap-4 rounded-[var(--radius-card)] bg-paper p-5 shadow-soft"
                  >
                    <div className="flex-1">
                      <p className="font-semibold text-gold-deep tabular-nums">{timeRange(s)}</p>
                      <Link
                        to={pageUrl.session(s.dayId, s.id)}
                        className={`font-serif text-xl font-semibold hover:text-rose ${cancelledTitle(s.change)}`}
                      >
                        {s.title}
                      </Link>
                      {s.speaker && <p className="text-muted">{s.speaker}</p>}
                      {changed?.has(s.number) && (
                        <p className="mt-1 font-semibold text-rose">Changed since you last opened your agenda</p>
                      )}
                      <ChangeMark change={s.change} className="mt-1 text-muted" />
                      {others && (
                        <p className="mt-1 font-semibold text-rose" data-clash>
                          Clashes with {others.join(", ")}
                        </p>
                      )}
                      {editable && closesAt && !s.cancelled && (
                        <div className="mt-4">
                          <RatingFormLater session={s} closesAt={closesAt} timeZone={zone.id} compact />
                        </div>
                      )}
                    </div>
                    {editable && <StarButton number={s.number} title={s.title} className="text-gold-deep" />}
                  </li>
                );
              })}
            </ol>
          </section>
        );
      })}
    </div>
  );
}

/** What the page is for, before hydration and while the agenda is empty (true in both cases). */
function AgendaIntro() {
  return (
    <p className="text-center text-lg">
      Star the sessions you want to attend on the{" "}
      <Link to="/schedule" className="font-semibold underline underline-offset-4">
        schedule
      </Link>{" "}
      and they gather here, by day. Your agenda is kept in this browser: no account needed.
    </p>
  );
}
