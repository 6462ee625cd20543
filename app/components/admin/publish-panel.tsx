import { Check, Circle, LoaderCircle, X } from "lucide-react";
import { useEffect, useState } from "react";
import { adminApi } from "~/lib/admin/api";
import type { BuildInfo, PublishJob, PublishOverview, PublishStep } from "~/lib/admin/publish";
import { when } from "./submission-list";

/** How often a running publish is asked for its steps. */
const POLL_MS = 1000;

const active = (job: PublishJob | null) => job?.state === "queued" || job?.state === "running";
const short = (build: BuildInfo) => `${build.id}${build.commit ? ` (content ${build.commit.slice(0, 7)})` : ""}`;

function StepIcon({ state }: { state: PublishStep["state"] }) {
  if (state === "done") return <Check aria-hidden="true" className="size-5 text-ink" />;
  if (state === "failed") return <X aria-hidden="true" className="size-5 text-rose" />;
  return <LoaderCircle aria-hidden="true" className="size-5 motion-safe:animate-spin" />;
}

/**
 * Publishing (issue 31): the live build, "Publish" with its steps as they run (polled), the error when the
 * build fails, and the builds kept for "Roll back".
 */
export function PublishPanel({ fail }: { fail: (status: number, message: string) => void }) {
  const [overview, setOverview] = useState<PublishOverview | null>(null);
  const [job, setJob] = useState<PublishJob | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [version, setVersion] = useState(0);

  useEffect(() => {
    let live = true;
    void adminApi<PublishOverview>("/publish").then((res) => {
      if (!live) return;
      if (!res.ok) return fail(res.status, res.error);
      setOverview(res.data);
      // A publish under way (started here or by someone else) is followed.
      setJob((current) => current ?? res.data.jobs.find((j) => active(j)) ?? null);
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
      void adminApi<PublishJob>(`/publish/${jobId}`).then((res) => {
        if (!res.ok) return fail(res.status, res.error);
        setJob(res.data);
        if (res.data.state === "done") {
          setNotice(`Published: build ${res.data.buildId} is live.`);
          setVersion((v) => v + 1);
        } else if (res.data.state === "failed") {
          setNotice("The publish failed. The live site is unchanged.");
          setVersion((v) => v + 1);
        }
      });
    }, POLL_MS);
    return () => clearTimeout(timer);
  }, [fail, jobId, running, job]);

  async function publish() {
    setBusy(true);
    setNotice(null);
    const res = await adminApi<{ job: PublishJob }>("/publish", { method: "POST" });
    setBusy(false);
    const started = res.ok ? res.data.job : (res.data as { job?: PublishJob } | undefined)?.job;
    if (!res.ok) {
      if (!started) return fail(res.status, res.error);
      setNotice(res.error);
    } else setNotice("Publishing…");
    if (started) setJob(started);
  }

  async function rollBack(build: BuildInfo) {
    setBusy(true);
    setNotice(null);
    const res = await adminApi<{ build: BuildInfo; tookMs: number }>("/rollback", {
      method: "POST",
      body: { buildId: build.id },
    });
    setBusy(false);
    if (!res.ok) return fail(res.status, res.error);
    setNotice(`Rolled back: build ${res.data.build.id} is live (switched in ${res.data.tookMs} ms).`);
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
          Live: build <strong>{short(liveBuild)}</strong>, built {when(liveBuild.builtAt)}, live since{" "}
          {when(liveBuild.switchedAt)}
          {liveBuild.switchedBy ? ` (${liveBuild.switchedBy})` : ""}.
        </p>
      ) : null}
      <button type="button" className="btn btn-primary mt-4" disabled={busy || running} onClick={() => void publish()}>
        {running ? "Publishing…" : "Publish the saved changes"}
      </button>
      <p role="status" className="mt-4 font-semibold empty:hidden">
        {notice}
      </p>
      {job && job.steps.length ? (
        <ol aria-label={`Steps of publish ${job.id}`} className="mt-4 grid gap-1">
          {job.steps.map((step) => (
            <li key={step.name} className="flex items-center gap-2">
              <StepIcon state={step.state} />
              <span>{step.name}</span>
              <span className="sr-only">: {step.state}</span>
            </li>
          ))}
          {running ? (
            <li className="flex items-center gap-2 text-muted">
              <Circle aria-hidden="true" className="size-5" /> more steps to come
            </li>
          ) : null}
        </ol>
      ) : null}
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
          <h3 className="mt-8 text-xl font-semibold">Builds kept</h3>
          <ul className="mt-3 grid gap-3">
            {overview.builds.map((build) => (
              <li key={build.id} className="flex flex-wrap items-center justify-between gap-3">
                <span>
                  {short(build)}, built {when(build.builtAt)}
                </span>
                {build.id === liveBuild?.id ? (
                  <span className="font-semibold">Live</span>
                ) : (
                  <button
                    type="button"
                    className="btn btn-outline"
                    disabled={busy || running}
                    onClick={() => void rollBack(build)}
                  >
                    {Date.parse(build.builtAt) < Date.parse(liveBuild?.builtAt ?? "") ? "Roll back" : "Switch"} to this
                    build<span className="sr-only"> ({build.id})</span>
                  </button>
                )}
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}
