/** The path (and query) of `referer` when it is on this site, else `fallback`: never an open redirect. */
export function sameOriginPath(referer: string | undefined, requestUrl: string, fallback = "/"): string {
  if (!referer) return fallback;
  try {
    const from = new URL(referer);
    const here = new URL(requestUrl);
    if (from.host !== here.host || !from.pathname.startsWith("/") || from.pathname.startsWith("//")) return fallback;
    return from.pathname + from.search;
  } catch {
    return fallback;
  }
}
