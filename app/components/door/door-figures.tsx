import type { DoorFigures as Figures } from "~/lib/door/protocol";
import { clock, conflictText } from "~/lib/door/words";

/**
 * The door's live figures (issue 43), the same on the door page and on the organisers' Attendees tab: checked
 * in / expected per plan, the latest arrivals per 10 minutes (a bar with its number), and the tickets admitted
 * at two doors. `level`: the heading level of its title, under the page's own headings.
 */
export function DoorFigures({
  figures,
  title,
  level = 2,
  recent = 6,
  timeZone,
}: {
  figures: Figures;
  title: string;
  level?: 2 | 3;
  recent?: number;
  /** The event's time zone: every time shown in it (issue 53). */
  timeZone?: string;
}) {
  const Title = `h${level}` as const;
  const Sub = `h${level + 1}` as "h3" | "h4";
  const arrivals = figures.arrivals.slice(-recent);
  const most = Math.max(1, ...arrivals.map((a) => a.count));
  return (
    <section aria-labelledby="door-figures" className="grid gap-3">
      <Title id="door-figures" className="text-xl font-bold">
        {title}
      </Title>
      {figures.conflicts.length > 0 && (
        <div className="rounded-[14px] border-2 border-rose p-3" role="region" aria-label="Conflicts">
          <Sub className="font-bold text-rose">Admitted twice</Sub>
          <ul className="mt-1 grid gap-1">
            {figures.conflicts.map((c) => (
              <li key={c.code}>{conflictText(c, timeZone)}</li>
            ))}
          </ul>
        </div>
      )}
      <table className="w-full text-start">
        <caption className="sr-only">Checked in per plan</caption>
        <thead>
          <tr className="text-sm text-muted">
            <th scope="col" className="text-start">
              Plan
            </th>
            <th scope="col" className="text-end">
              Checked in
            </th>
            <th scope="col" className="text-end">
              Expected
            </th>
          </tr>
        </thead>
        <tbody>
          {figures.plans.map((p) => (
            <tr key={p.id}>
              <th scope="row" className="text-start font-semibold">
                {p.title}
              </th>
              <td className="text-end tabular-nums">{p.checkedIn}</td>
              <td className="text-end tabular-nums">{p.expected}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <Sub className="font-bold">Arrivals per 10 minutes</Sub>
      {arrivals.length > 0 ? (
        <ul aria-label="Arrivals per 10 minutes" className="grid gap-1">
          {arrivals.map((a) => (
            <li key={a.from} className="flex items-center gap-2 tabular-nums">
              <span className="w-12">{clock(a.from, timeZone)}</span>
              <span
                aria-hidden="true"
                className="h-3 rounded bg-gold"
                style={{ inlineSize: `${(a.count / most) * 70}%` }}
              />
              <span className="whitespace-nowrap">{a.count === 1 ? "1 person" : `${a.count} people`}</span>
            </li>
          ))}
        </ul>
      ) : (
        <p>Nobody has been checked in yet.</p>
      )}
    </section>
  );
}
