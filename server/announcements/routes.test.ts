/**
 * The banner's answer (issue 51): an ETag on every answer and a bodiless 304 when If-None-Match names it, so a
 * page left open can ask every 20 s for next to nothing.
 */
import { describe, expect, it } from "vitest";
import { bodyEtag as etagOf, matchesEtag as matches } from "../etag";
import { announcementsRoutes } from "./routes";

describe("GET /api/announcements/current", () => {
  const app = announcementsRoutes({});
  const ask = (ifNoneMatch?: string) =>
    app.request("/api/announcements/current", { headers: ifNoneMatch ? { "if-none-match": ifNoneMatch } : {} });

  it("answers with an ETag of its body, and 304 with no body to that ETag, weak or in a list", async () => {
    const res = await ask();
    expect(res.status).toBe(200);
    const body = await res.text();
    expect(JSON.parse(body)).toEqual({ announcements: [], announcement: null });
    const etag = res.headers.get("etag")!;
    expect(etag).toBe(etagOf(body));
    for (const header of [etag, `W/${etag}`, `"other", ${etag}`, "*"]) {
      const again = await ask(header);
      expect(again.status, header).toBe(304);
      expect(await again.text()).toBe("");
      expect(again.headers.get("etag")).toBe(etag);
      expect(again.headers.get("cache-control")).toBe("public, max-age=0, s-maxage=5");
    }
    expect((await ask('"other"')).status).toBe(200);
  });

  it("compares tags whole", () => {
    expect(matches(undefined, '"a"')).toBe(false);
    expect(matches('"ab"', '"a"')).toBe(false);
    expect(matches(' W/"a" ', '"a"')).toBe(true);
  });
});
