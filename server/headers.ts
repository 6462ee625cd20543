/**
 * server/http-policy.ts applied to every answer: the security headers and the live build's CSP, HSTS over HTTPS,
 * no-store on the API, the body limits each feature declares on its routes, and the answer to an error.
 */
import type { IncomingMessage } from "node:http";
import type { Context, ErrorHandler, MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { HTTPException } from "hono/http-exception";
import { DOCUMENT_ONLY, HSTS, NO_STORE, SECURITY_HEADERS, contentTypeFor, isSubresourceType } from "./http-policy";
import { appendVary, isHttps, readBody } from "./request";

/** A request body of the API, unless its route declares another limit (a form, a vitals report, a checkout). */
export const API_BODY_LIMIT = 16 * 1024;

const tooLarge = (c: Context) => c.json({ error: "Payload too large" }, 413);
type OnTooLarge = (c: Context) => Response | Promise<Response>;

/**
 * A route's body limit: a larger body (said or streamed) gets 413 before the handler reads it. On Node (the
 * server), the body is read here from Node's own request, straight into a buffer that the handler's `c.req.text()`,
 * `json()` or `parseBody()` then reads (issue 65: the Web stream Hono would make of it cost a tenth of a ticket
 * rush's time); elsewhere (`app.request()` in tests), Hono's own limit.
 */
export const limitBody = (maxSize: number, onError: OnTooLarge = tooLarge): MiddlewareHandler => {
  const portable = bodyLimit({ maxSize, onError });
  return async (c, next) => {
    const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
    if (!incoming) return portable(c, next);
    if (c.req.method === "GET" || c.req.method === "HEAD") return next();
    const said = incoming.headers["content-length"];
    if (said !== undefined && incoming.headers["transfer-encoding"] === undefined && Number(said) > maxSize)
      return onError(c);
    const body = await readBody(() => wholeBody(incoming, maxSize));
    if (body === TOO_LARGE) return onError(c);
    // What Hono reads from: its own body cache, and the request it makes of `incoming` if anything asks for one.
    Object.assign(incoming, { rawBody: body });
    const bytes = body.buffer.slice(body.byteOffset, body.byteOffset + body.byteLength) as ArrayBuffer;
    Object.assign(c.req.bodyCache, {
      arrayBuffer: Promise.resolve(bytes),
      text: Promise.resolve(decoder.decode(body)),
    });
    return next();
  };
};

const decoder = new TextDecoder();
const TOO_LARGE = Symbol("too large");

/** Node's request body, whole (read once: a second limit on the same request finds it kept), or TOO_LARGE. */
function wholeBody(incoming: IncomingMessage, maxSize: number): Promise<Buffer | typeof TOO_LARGE> {
  const kept = (incoming as { rawBody?: unknown }).rawBody;
  if (kept instanceof Buffer) return Promise.resolve(kept.byteLength > maxSize ? TOO_LARGE : kept);
  if (incoming.readableEnded) return Promise.resolve(Buffer.alloc(0));
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const stop = () => {
      incoming.off("data", data).off("end", end).off("error", reject).off("close", close);
    };
    const data = (chunk: Buffer) => {
      size += chunk.byteLength;
      if (size <= maxSize) return void chunks.push(chunk);
      stop();
      resolve(TOO_LARGE);
    };
    const end = () => {
      stop();
      resolve(Buffer.concat(chunks, size));
    };
    const close = () => {
      stop();
      if (!incoming.complete) reject(Object.assign(new Error("The client went away mid-body"), { code: "ECONNRESET" }));
    };
    incoming.on("data", data).on("end", end).on("error", reject).on("close", close);
  });
}
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
