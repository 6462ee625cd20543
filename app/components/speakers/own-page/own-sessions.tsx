import type { OwnSession } from "~/forms/speaker-page";

/** The speaker's sessions: day, time and place on the event's clock, and what changed (issue 63). */
export function OwnSessions({ sessions }: { sessions: OwnSession[] }) {
  return (
    <section aria-labelledby="own-sessions-title">
      <h2 id="own-sessions-title" className="text-2xl font-semibold">
        Your sessions
      </h2>
      {sessions.length === 0 ? <p className="mt-2">No session names you yet.</p> : null}
      <ul className="mt-4 grid gap-3">
        {sessions.map((s) => (
          <li key={s.number} className="rounded-[var(--radius-card)] bg-paper p-4">
            <h3 className={`text-lg font-semibold ${s.status === "cancelled" ? "line-through" : ""}`}>{s.title}</h3>
            <p>
              <time dateTime={s.date}>{s.day}</time>, {s.time}
              {s.place ? <span className="block text-muted">{s.place}</span> : null}
            </p>
            {s.changed ? <p className="mt-1 font-semibold text-rose">{s.changed}</p> : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
