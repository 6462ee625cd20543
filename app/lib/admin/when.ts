/** A moment as the organisers' pages show it, in the reader's own clock: "27 Nov 2026, 10:58". */
export const when = (iso: string) => new Date(iso).toLocaleString([], { dateStyle: "medium", timeStyle: "short" });
