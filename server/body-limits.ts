/**
 * How large a request's body may be, by path. A body is read only after whatever guards its route: the
 * organisers' routes (`/api/admin/*`) apply this after their Origin and session check (server/api/admin/index.ts),
 * so a request from outside never gets a byte of its body read (issue 39). A picture upload must say its
 * length (411 otherwise): a chunked body would have to be read to be measured.
 */
import type { Context, MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { API_PATHS } from "../app/lib/urls";

const API_BODY_LIMIT = 16 * 1024;
/** A provider's event can be larger than a form (a session with its line items and customer details). */
const WEBHOOK_BODY_LIMIT = 256 * 1024;
/** A content file saved by the editor, or previewed (MAX_CONTENT_BYTES, JSON-escaped). */
const CONTENT_BODY_LIMIT = 1024 * 1024;
/** A picture uploaded by the editor (MAX_IMAGE_BYTES) and its form fields: a larger one gets 413 before it is read. */
const IMAGE_BODY_LIMIT = 10 * 1024 * 1024 + 64 * 1024;
const IMAGE_UPLOAD_PATH = "/api/admin/content/images";

const tooLarge = (c: Context) => c.json({ error: "Payload too large" }, 413);
const limit = (maxSize: number, onError = tooLarge) => bodyLimit({ maxSize, onError });
const imageLimit = limit(IMAGE_BODY_LIMIT, (c) =>
  c.json({ error: "That picture is larger than 10 MB: please make it smaller." }, 413),
);
const LIMITS: Record<string, MiddlewareHandler> = {
  [API_PATHS.stripeWebhook]: limit(WEBHOOK_BODY_LIMIT),
  "/api/admin/content/file": limit(CONTENT_BODY_LIMIT),
  "/api/admin/content/preview": limit(CONTENT_BODY_LIMIT),
  [IMAGE_UPLOAD_PATH]: async (c, next) => {
    const length = c.req.header("content-length");
    if (c.req.raw.body && (length === undefined || c.req.header("transfer-encoding") !== undefined))
      return c.json({ error: "The upload did not say its size: please try again from the editor's page." }, 411);
    return imageLimit(c, next);
  },
};
const apiLimit = limit(API_BODY_LIMIT);

/** The body limit of the request's path (16 KiB unless named above). */
export const requestBodyLimit: MiddlewareHandler = (c, next) => (LIMITS[c.req.path] ?? apiLimit)(c, next);

/** The organisers' routes, which apply the limit after their own checks. */
export const isAdminPath = (pathname: string) => pathname.startsWith("/api/admin/");
