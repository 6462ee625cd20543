import type { ChangeMark as Mark } from "~/lib/schedule/changes";

const BADGES = {
  cancelled: { text: "Cancelled", className: "bg-rose text-white" },
  moved: { text: "New time", className: "bg-gold text-ink" },
  changed: { text: "Changed", className: "bg-gold text-ink" },
} as const;

/**
 * The mark of a changed session: "Cancelled" or "New time" (or "Changed"), where it moved from and the date of
 * the change. The session's title is struck through by the caller when `cancelled` (see `cancelledTitle`).
 */
export function ChangeMark({ change, className = "" }: { change?: Mark; className?: string }) {
  if (!change) return null;
  const badge = BADGES[change.kind];
  const when = <time dateTime={change.date}>{change.dateText}</time>;
  return (
    <p className={`flex flex-wrap items-center gap-x-2 gap-y-1 text-sm ${className}`} data-change={change.kind}>
      <span className={`rounded-full px-2 py-0.5 text-xs font-bold tracking-wide uppercase ${badge.className}`}>
        {badge.text}
      </span>{" "}
      <span>
        {change.kind === "moved" && <>Moved from {change.fromText}, </>}
        {change.note && <>{change.note}, </>}
        {change.kind === "cancelled" ? "on" : "changed"} {when}
      </span>
    </p>
  );
}

/** The class that strikes a cancelled session's title (still listed, still linked). */
export const cancelledTitle = (change?: Mark) => (change?.kind === "cancelled" ? "line-through decoration-2" : "");
