/**
 * A schedule day's place on a page, "#day-2" (issue 62): the schedule's tabs open on the day a link or the
 * editor's preview names, instead of Day 1.
 */
export const dayAnchor = (dayId: number) => `day-${dayId}`;

/** The day id a location's hash names ("#day-2" -> 2), or null. */
export function dayOfHash(hash: string): number | null {
  const found = /^#day-(\d{1,6})$/.exec(hash);
  return found ? Number(found[1]) : null;
}
