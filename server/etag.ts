/**
 * ETags, once (issue 64): an answer's strong ETag from its body, and whether a request's If-None-Match names it.
 * The comments, the announcements, the kept agendas and the build's files (server/static.ts) all answer a
 * repeated request with a bodiless 304 through here.
 */
import { createHash } from "node:crypto";

/** The strong ETag of an answer's body: a SHA-256 of it, `length` characters of base64url. */
export const bodyEtag = (body: string, length = 22) =>
  `"${createHash("sha256").update(body).digest("base64url").slice(0, length)}"`;

/** True when If-None-Match names this ETag (or is `*`); weak and strong forms compare alike (RFC 9110 13.1.2). */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const bare = (tag: string) => tag.trim().replace(/^W\//, "");
  return ifNoneMatch.split(",").some((tag) => tag.trim() === "*" || bare(tag) === bare(etag));
}
