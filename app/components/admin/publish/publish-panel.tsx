import { Check, Circle, LoaderCircle, X } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { callAdmin } from "~/lib/admin/api";
import { describeBuild, groupSteps, runningStep, type StepGroup } from "~/lib/admin/publish";
import { checked } from "~/lib/admin/route";
import {
  publishBusy,
  publishJobState,
  publishState,
  rollBackToBuild,
  startPublish,
  type NamedBuild,
  type PublishJob,
  type PublishOverview,
} from "~/api/admin/publish";
import { PendingPublishList } from "./pending-publish";
import { when } from "~/lib/admin/when";

/** How often a running publish is asked for its steps. */
const POLL_MS = 1000;

const active = (job: PublishJob | null) => job?.state === "queued" || job?.state === "running";

/** "Tue 24 Nov 2026, 10:02 CST": on the one clock of the organisers' pages (issue 62). */
const shortWhen = (iso: string) => when(iso);

/** A build's name: "Day 01: Registration & Welcome, by Grace Mensah, 10:02" (its time when its changes are not known). */
export function buildName(build: NamedBuild): string {
  if (!build.summary) return `Version built ${shortWhen(build.builtAt)}`;
  const { what, by, at } = describeBuild(build.summary);
  return [what, by ? `by ${by}` : null, at ? shortWhen(at) : null].filter(Boolean).join(", ");
}

const SAID: Record<StepGroup["state"], string> = {
  done: "done",
  running: "under way",
  failed: "failed",
  waiting: "to come",
};

function StepIcon({ state }: { state: StepGroup["state"] }) {
  if (state === "done") return <Check aria-hidden="true" className="size-5 text-ink" />;
  if (state === "failed") return <X aria-hidden="true" className="size-5 text-rose" />;
  if (state === "waiting") return <Circle aria-hidden="true" className="size-5 text-muted" />;
  return <LoaderCircle aria-hidden="true" className="size-5 motion-safe:animate-spin" />;
}

/** Seconds since `since` (ms), counted again every second while `since` is set. */
function useSecondsSince(since: number | null): number | null {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (since === null) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [since]);
  return since === null ? null : Math.max(0, Math.round((now - since) / 1000));
}

/**
 * A publish's steps as organisers know them: Pictures, Pages, Offline copy, Checks, Going live; under the one
 * running, what it is doing and the seconds since "Publish" (issue 52: not announced each second, only shown).
 */
function PublishSteps({ job, seconds }: { job: PublishJob; seconds: number | null }) {
  const groups = groupSteps(job.steps);
  const doing = runningStep(job.steps);
  return (
    <ol aria-label="Steps of this publish" className="mt-4 grid gap-1">
      {groups.map((group) => (
        <li
          key={group.name}
          className={`flex flex-wrap items-center gap-x-2 ${group.state === "waiting" ? "text-muted" : ""}`}
        >
          <StepIcon state={group.state} />
          <span className={group.state === "running" ? "font-semibold" : undefined}>{group.name}</span>
          <span className="sr-only">: {SAID[group.state]}</span>
          {group.state === "running" && (doing || seconds !== null) ? (
            <span className="text-sm text-muted" data-publish-doing>
              {[doing, seconds === null ? null : `${seconds} s so far`].filter(Boolean).join(" · ")}
            </span>
          ) : null}
        </li>
      ))}
    </ol>
  );
}

/**
 * Publishing (issues 31, 41): what is live now, "Publish" with its steps in people's words as they run
 * (polled), the error when the build fails, and the builds kept, each named by what changed and who, with
 * "Roll back to this".
 */
export function PublishPanel({ fail }: { fail: (status: number, message: string) => void }) {
  const [overview, setOverview] = useState<PublishOverview | null>(null);
  const [job, setJob] = useState<PublishJob | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  /**
   * Where the eye is: the button pressed turns "Publishing…" and cannot keep the focus, so each notice takes it
   * ("Publishing…", then "Published in 2 s", a roll back's), and a screen reader says it.
   */
  const noticeBox = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (notice) noticeBox.current?.focus();
  }, [notice]);
  const [busy, setBusy] = useState(false);
  const [version, setVersion] = useState(0);
  /** The programme changes not to announce (a typo fix), chosen in "What goes live". */
  const [quiet, setQuiet] = useState<Set<number>>(new Set());
  /** When this page saw the publish start (its own clock: a phone's may differ from the server's). */
  const [startedAt, setStartedAt] = useState<number | null>(null);

  useEffect(() => {
    let live = true;
    void callAdmin(publishState).then((res) => {
      if (!live) return;
      if (!res.ok) return fail(res.status, res.error);
      setOverview(res.data);
      // A publish under way (started here or by someone else) is followed.
      const following = res.data.jobs.find((j) => active(j));
      setJob((current) => current ?? following ?? null);
      // Someone else's publish under way: counted from when it started, as far as this clock can tell.
      if (following) setStartedAt((at) => at ?? Date.parse(following.createdAt));
    });
    return () => {
      live = false;
    };
  }, [fail, version]);

  const jobId = job?.id;
  const running = active(job);
  useEffect(() => {
    if (!running || jobId === undefined) return;
    const timer = setTimeout(() => {
      void callAdmin(publishJobState, { params: { id: jobId } }).then((res) => {
        if (!res.ok) return fail(res.status, res.error);
        setJob(res.data);
        if (res.data.state === "done") {
          const took = startedAt === null ? "" : ` in ${Math.max(1, Math.round((Date.now() - startedAt) / 1000))} s`;
          setNotice(`Published${took}: visitors now see the saved changes.`);
          setStartedAt(null);
          setVersion((v) => v + 1);
        } else if (res.data.state === "failed") {
          setNotice("The publish failed. The live site is unchanged.");
          setStartedAt(null);
          setVersion((v) => v + 1);
        }
      });
    }, POLL_MS);
    return () => clearTimeout(timer);
  }, [fail, jobId, running, job, startedAt]);
  const seconds = useSecondsSince(running ? startedAt : null);

  async function publish() {
    setBusy(true);
    setNotice(null);
    setStartedAt(Date.now());
    const res = await callAdmin(startPublish, { body: { quiet: [...quiet] } });
    setBusy(false);
    // Refused while another publish runs (409): the answer names that one.
    const started = res.ok ? res.data.job : checked(publishBusy, res.data)?.data.job;
    if (!res.ok) {
      if (!started) {
        setStartedAt(null);
        return fail(res.status, res.error);
      }
      // Another organiser's publish was under way: this page follows it.
      setStartedAt(Date.parse(started.createdAt));
      setNotice(res.error);
    } else {
      setNotice("Publishing…");
      setQuiet(new Set());
    }
    if (started) setJob(started);
  }

  async function rollBack(build: NamedBuild) {
    setBusy(true);
    setNotice(null);
    const res = await callAdmin(rollBackToBuild, { body: { buildId: build.id } });
    setBusy(false);
    if (!res.ok) return fail(res.status, res.error);
    setNotice(`Rolled back: visitors now see “${buildName(build)}” (switched in ${res.data.tookMs} ms).`);
    setVersion((v) => v + 1);
  }

  const liveBuild = overview?.live ?? null;
  return (
    <section aria-labelledby="publish-title" className="mt-8 max-w-3xl">
      <h2 id="publish-title" className="text-2xl font-semibold">
        Publish
      </h2>
      <p className="mt-2 text-muted">
        Publishing builds the site from the saved content beside the live one; visitors see the new pages once the build
        is complete. If the build fails, the live site stays as it is.
      </p>
      {liveBuild ? (
        <p className="mt-4">
          <strong>Live now:</strong> {buildName(liveBuild)}.{" "}
          <span className="text-muted">
            Published {when(liveBuild.switchedAt)}
            {liveBuild.switchedBy ? ` by ${liveBuild.switchedBy}` : ""}.
          </span>
        </p>
      ) : null}
      {running ? null : (
        <PendingPublishList version={version} quiet={quiet} onQuiet={setQuiet} fail={fail} disabled={busy || running} />
      )}
      <button type="button" className="btn btn-primary mt-4" disabled={busy || running} onClick={() => void publish()}>
        {running ? "Publishing…" : "Publish the saved changes"}
      </button>
      <p ref={noticeBox} tabIndex={-1} role="status" className="mt-4 font-semibold empty:hidden">
        {notice}
      </p>
      {job && (running || job.steps.length) ? <PublishSteps job={job} seconds={seconds} /> : null}
      {job?.state === "failed" && job.error ? (
        <div role="alert" className="mt-4 rounded-[var(--radius-card)] border-2 border-rose bg-paper p-4">
          <p className="font-semibold">Why the build failed:</p>
          <pre className="mt-2 overflow-x-auto text-sm whitespace-pre-wrap">{job.error}</pre>
        </div>
      ) : null}
      {job?.state === "done" && job.error ? (
        <p role="alert" className="mt-4 font-semibold text-rose">
          {job.error}
        </p>
      ) : null}
      {overview && overview.builds.length > 1 ? (
        <>
          <h3 className="mt-8 text-xl font-semibold">Versions kept</h3>
          <p className="mt-1 text-muted">Each is named by what changed since the one before it, and who changed it.</p>
          <ul className="mt-3 grid gap-3" aria-label="Versions kept">
            {overview.builds.map((build) => {
              const isLive = build.id === liveBuild?.id;
              const name = buildName(build);
              const back = Date.parse(build.builtAt) < Date.parse(liveBuild?.builtAt ?? "") ? "Roll back" : "Switch";
              return (
                <li
                  key={build.id}
                  aria-current={isLive ? "true" : undefined}
                  className={`flex flex-wrap items-center justify-between gap-3 rounded-[var(--radius-card)] p-3 ${isLive ? "border-2 border-gold-deep bg-paper" : "border border-ink/15"}`}
                >
                  <span className="min-w-0 flex-1 basis-60">
                    <span className="block font-semibold break-words">{name}</span>
                    <span className="block text-sm text-muted">
                      Built {when(build.builtAt)}
                      {build.summary?.first ? " (the first version kept: its last change shown)" : ""}
                    </span>
                  </span>
                  {isLive ? (
                    <span className="inline-flex min-h-11 items-center gap-1.5 font-semibold text-gold-deep">
                      <Check aria-hidden="true" className="size-5" />
                      Live now
                    </span>
                  ) : (
                    <button
                      type="button"
                      className="btn btn-outline"
                      disabled={busy || running}
                      aria-label={`${back} to this: ${name}`}
                      onClick={() => void rollBack(build)}
                    >
                      {back} to this
                    </button>
                  )}
                </li>
              );
            })}
          </ul>
        </>
      ) : null}
    </section>
  );
}
