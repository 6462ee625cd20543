/**
 * Which camera reads become scans (issue 43). The camera reads the same code many times a second; a code becomes
 * a scan once, and again only after it has been out of view for GONE_MS (a volunteer still pointing at the
 * ticket just admitted must not get a red "Already checked in"; the same ticket shown again later must).
 */
export const GONE_MS = 800;

export function readGate(goneMs = GONE_MS) {
  let last: string | null = null;
  let seen = -Infinity;
  /** `ready`: the page can take a scan (no verdict on screen). Returns the text to act on, or null. */
  return (text: string | null, now: number, ready: boolean): string | null => {
    if (!text) return null;
    if (text === last && now - seen < goneMs) {
      seen = now;
      return null;
    }
    if (!ready) return null;
    last = text;
    seen = now;
    return text;
  };
}
