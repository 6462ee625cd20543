import { hours, shortBy, type RotaShift } from "./rota-words";

/**
 * The day's grid at 1280 px (issue 66): places as rows, the hours across, each shift a cell with role, time and
 * filled/needed; a gap in the warning colour with its words ("1 short"). A cell opens the shift below.
 */
export function RotaGrid({
  places,
  shifts,
  chosen,
  onChoose,
}: {
  places: { id: number; name: string }[];
  shifts: RotaShift[];
  chosen: number | null;
  onChoose: (id: number) => void;
}) {
  if (!shifts.length) return null;
  const hour = (iso: string, base: string) => (Date.parse(iso) - Date.parse(base)) / 3_600_000;
  const first = shifts.reduce((a, s) => (s.startsAt < a ? s.startsAt : a), shifts[0]!.startsAt);
  const from = `${first.slice(0, 13)}:00:00${first.slice(19)}`;
  const span = Math.ceil(Math.max(...shifts.map((s) => hour(s.endsAt, from))));
  const startHour = Number(from.slice(11, 13));
  const cols = `10rem repeat(${span}, minmax(3.5rem, 1fr))`;
  return (
    <div className="overflow-x-auto" role="region" aria-label="The day's shifts by place and time">
      <div className="grid min-w-[60rem] gap-y-2" style={{ gridTemplateColumns: cols }}>
        <div />
        {Array.from({ length: span }, (_, i) => (
          <div key={i} className="border-s border-ink/15 ps-1 text-sm text-muted" aria-hidden="true">
            {String((startHour + i) % 24).padStart(2, "0")}:00
          </div>
        ))}
        {places.map((place) => {
          const mine = shifts.filter((s) => s.placeId === place.id);
          if (!mine.length) return null;
          // Shifts that overlap at one place go on lanes of their own.
          const lanes: RotaShift[][] = [];
          for (const s of mine) {
            const lane = lanes.find((l) => l.at(-1)!.endsAt <= s.startsAt);
            if (lane) lane.push(s);
            else lanes.push([s]);
          }
          return lanes.map((lane, i) => (
            <div key={`${place.id}-${i}`} className="contents">
              <div className="font-semibold" style={{ gridColumn: 1 }}>
                {i === 0 ? place.name : ""}
              </div>
              {lane.map((s) => {
                const short = shortBy(s);
                const start = Math.floor(hour(s.startsAt, from));
                const end = Math.max(start + 1, Math.ceil(hour(s.endsAt, from)));
                return (
                  <button
                    key={s.id}
                    type="button"
                    aria-pressed={chosen === s.id}
                    onClick={() => onChoose(s.id)}
                    style={{ gridColumn: `${start + 2} / ${end + 2}` }}
                    className={`mx-0.5 rounded-xl p-2 text-start text-sm ${short ? "bg-gold text-ink" : "border border-ink/20 bg-paper text-ink"} aria-pressed:ring-2 aria-pressed:ring-ink`}
                  >
                    <span className="block font-semibold">{s.role}</span>
                    <span className="block">{hours(s)}</span>
                    <span className="block">
                      {s.filled}/{s.needed}
                      {short ? <strong> · {short}</strong> : " · full"}
                    </span>
                  </button>
                );
              })}
            </div>
          ));
        })}
      </div>
    </div>
  );
}
