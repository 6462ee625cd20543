/**
 * server/http-policy.ts applied to every answer: the security headers and the live build's CSP, HSTS over HTTPS,
 * no-store on the API, the body limits each feature declares on its routes, and the answer to an error.
 */
import type { Context, ErrorHandler, MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { HTTPException } from "hono/http-exception";
import { DOCUMENT_ONLY, HSTS, NO_STORE, SECURITY_HEADERS, contentTypeFor, isSubresourceType } from "./http-policy";
import { appendVary, isHttps } from "./request";

/** A request body of the API, unless its route declares another limit (a form, a vitals report, a checkout). */
export const API_BODY_LIMIT = 16 * 1024;

const tooLarge = (c: Context) => c.json({ error: "Payload too large" }, 413);
/** A route's body limit: a larger body (said or streamed) gets 413 before the handler reads it. */
export const limitBody = (maxSize: number, onError = tooLarge): MiddlewareHandler => bodyLimit({ maxSize, onError });
/** The API's usual body limit (16 KiB). */
export const apiBody = limitBody(API_BODY_LIMIT);

/** Sets the policy's headers on an answer; `defaultCsp` is the live build's. */
export type ApplyHeaders = (c: Context, res: Response) => void;

export function securityHeaders(defaultCsp: () => string, trustProxy: boolean): ApplyHeaders {
  return (c, res) => {
    // A 304 carries no Content-Type: judge it by the file's extension.
    const type =
      res.headers.get("Content-Type") ?? (res.status === 304 ? contentTypeFor(new URL(c.req.url).pathname) : "");
    const subresource = isSubresourceType(type);
    if (!subresource && !res.headers.has("Content-Security-Policy"))
      res.headers.set("Content-Security-Policy", defaultCsp());
    for (const [name, value] of Object.entries(SECURITY_HEADERS))
      if (!subresource || !DOCUMENT_ONLY.has(name)) res.headers.set(name, value);
    if (trustProxy) appendVary(res.headers, "X-Forwarded-Proto");
    if (isHttps(c, trustProxy)) {
      res.headers.set("Strict-Transport-Security", HSTS);
      const csp = res.headers.get("Content-Security-Policy");
      if (csp && !csp.includes("upgrade-insecure-requests"))
        res.headers.set("Content-Security-Policy", `${csp}; upgrade-insecure-requests`);
    }
  };
}

/** Every answer gets the policy's headers. */
export const withHeaders =
  (apply: ApplyHeaders): MiddlewareHandler =>
  async (c, next) => {
    await next();
    apply(c, c.res);
  };

/** An API answer is never stored, unless its route says otherwise. */
export const apiNoStore: MiddlewareHandler = async (c, next) => {
  await next();
  if (!c.res.headers.has("Cache-Control")) c.res.headers.set("Cache-Control", NO_STORE);
};

/** A client that went away mid-body gets 400; a real fault is logged and answered 500, with the headers. */
export function errorAnswer(apply: ApplyHeaders, logError: (error: unknown) => void): ErrorHandler {
  return (err, c) => {
    let res: Response;
    if (err instanceof HTTPException) res = err.getResponse();
    else if (isClientAbort(err, c)) res = c.json({ error: "The request body was not received" }, 400);
    else {
      logError(err);
      res = new Response("Internal Server Error", {
        status: 500,
        headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": NO_STORE },
      });
    }
    apply(c, res);
    return res;
  };
}

/** A client that went away mid-body: its request's signal is aborted, or reading the body failed. */
function isClientAbort(err: Error, c: Context): boolean {
  if (c.req.raw.signal?.aborted) return true;
  const code = (err as NodeJS.ErrnoException).code ?? (err.cause as NodeJS.ErrnoException | undefined)?.code;
  return code === "ECONNRESET" || code === "ERR_STREAM_PREMATURE_CLOSE" || err.name === "AbortError";
}
