/** What the server reads from a request beyond its path: scheme, client address, body. */
import { isIP } from "node:net";
import { getConnInfo } from "@hono/node-server/conninfo";
import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import { HONEYPOT_FIELD } from "../app/forms";

/**
 * The value the nearest proxy added to an `X-Forwarded-*` list: the rightmost one. Earlier values come
 * from the client (or farther proxies) and are not to be trusted.
 */
function lastForwarded(c: Context, name: string): string | undefined {
  const value = c.req.header(name);
  return value?.split(",").pop()?.trim() || undefined;
}

/** Whether the visitor reached us over HTTPS: `X-Forwarded-Proto` counts only behind a trusted proxy. */
export function isHttps(c: Context, trustProxy: boolean): boolean {
  if (c.req.url.startsWith("https:")) return true;
  return trustProxy && lastForwarded(c, "x-forwarded-proto") === "https";
}

/** The client's address, for rate limits: the socket's peer, or the proxy's `X-Forwarded-For` when trusted. */
export function clientIp(c: Context, trustProxy: boolean): string {
  const forwarded = trustProxy ? lastForwarded(c, "x-forwarded-for") : undefined;
  if (forwarded) return forwarded;
  try {
    return getConnInfo(c).remote.address ?? "unknown";
  } catch {
    return "unknown"; // app.request() in tests has no socket.
  }
}

/**
 * The key a client's rate limits count under: an IPv4 address as it is, an IPv6 address by its /64 (one
 * subscriber usually holds a whole /64, so each of its addresses must not get a budget of its own; issue 32).
 * IPv4-mapped IPv6 (`::ffff:192.0.2.1`) counts as the IPv4 address.
 */
export function rateKey(address: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  if (mapped) return mapped[1]!;
  if (isIP(address) !== 6) return address;
  const [head = "", tail = ""] = address.toLowerCase().split("%")[0]!.split("::");
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const groups = address.includes("::")
    ? [...left, ...Array<string>(8 - left.length - right.length).fill("0"), ...right]
    : left;
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ""))
    .join(":")}::/64`;
}

/** clientIp as a rate-limit key (rateKey). */
export const clientKey = (c: Context, trustProxy: boolean) => rateKey(clientIp(c, trustProxy));

/** Adds a header name to `Vary` once. */
export function appendVary(headers: Headers, name: string): void {
  const current = headers.get("Vary");
  if (!current) headers.set("Vary", name);
  else if (
    !current
      .toLowerCase()
      .split(/\s*,\s*/)
      .includes(name.toLowerCase())
  )
    headers.set("Vary", `${current}, ${name}`);
}

/**
 * A client that resets while sending its body is no server fault: it gets a quiet 400 (when it still
 * listens) and nothing is logged. Errors other than a failed read are thrown as they are.
 */
export async function readBody<T>(read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    if (error instanceof HTTPException) throw error; // 413 from the body limit
    throw new HTTPException(400, {
      res: Response.json({ error: "The request body was not received" }, { status: 400 }),
    });
  }
}

/** A browser's Origin must be this site (missing: not a browser form, let through like curl). */
export function sameOrigin(c: Context, options: { trustProxy?: boolean; siteUrl?: string }): boolean {
  const origin = c.req.header("origin");
  if (!origin) return c.req.header("sec-fetch-site") !== "cross-site";
  if (origin === "null") return false;
  let host: string;
  try {
    host = new URL(origin).host;
  } catch {
    return false;
  }
  const own = [new URL(c.req.url).host, c.req.header("host")];
  if (options.trustProxy) own.push(c.req.header("x-forwarded-host")?.split(",")[0]?.trim());
  if (options.siteUrl) own.push(new URL(options.siteUrl).host);
  return own.includes(host);
}

/**
 * The one reader of JSON bodies: the body parsed, or `undefined` when it is not JSON (`whenEmpty` when there is
 * no body at all and the caller says what that means). A body past its route's limit is still the limit's 413,
 * one that did not arrive a 400 (readBody).
 */
export async function jsonOf(c: Context, whenEmpty?: unknown): Promise<unknown> {
  const text = await readBody(() => c.req.text());
  if (whenEmpty !== undefined && text.trim() === "") return whenEmpty;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** JSON body as string fields (numbers and booleans become strings, like a form post). */
export async function readJson(c: Context): Promise<Record<string, string> | null> {
  const value = await jsonOf(c);
  if (!value || typeof value !== "object" || Array.isArray(value)) return null;
  const fields: Record<string, string> = {};
  for (const [name, v] of Object.entries(value))
    if (typeof v === "string" || typeof v === "number" || typeof v === "boolean") fields[name] = String(v);
  return fields;
}

export async function readForm(c: Context): Promise<Record<string, string> | null> {
  try {
    const body = await c.req.parseBody();
    const fields: Record<string, string> = {};
    for (const [name, v] of Object.entries(body)) if (typeof v === "string") fields[name] = v;
    return fields;
  } catch {
    return null;
  }
}

/** A form post as its endpoint reads it: JSON from the hydrated page, or a plain post without JavaScript. */
export interface FormPost {
  /** Sent as JSON (answered in JSON), else a plain form post (answered with a redirect or a page). */
  json: boolean;
  /** Its string fields. */
  fields: Record<string, string>;
  /** A bot filled the hidden field (HONEYPOT_FIELD): answer "sent" and keep nothing. */
  bot: boolean;
}

/**
 * The opening every form post shares (the site's forms, a ticket purchase, the waiting list): another site's
 * post 403, a body neither JSON nor a form 415, a body that does not parse 400; else its fields, and whether a
 * bot filled the hidden field. `crossOrigin` is the 403's words.
 */
export async function readFormPost(
  c: Context,
  options: { trustProxy?: boolean; siteUrl?: string },
  crossOrigin = "Cross-origin posts are refused",
): Promise<FormPost | Response> {
  if (!sameOrigin(c, options)) return c.json({ error: crossOrigin }, 403);
  const type = c.req.header("content-type") ?? "";
  const json = /^application\/json\b/i.test(type);
  if (!json && !/^(application\/x-www-form-urlencoded|multipart\/form-data)\b/i.test(type))
    return c.json({ error: "Send the form as application/json or application/x-www-form-urlencoded" }, 415);
  const fields = json ? await readJson(c) : await readForm(c);
  if (!fields) return c.json({ error: "Malformed body" }, 400);
  return { json, fields, bot: Boolean(fields[HONEYPOT_FIELD]) };
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

/** A small HTML page for answers outside the pre-rendered site (a plain post's answer, the newsletter's links). */
export function page(title: string, message: string, back: string, extra = ""): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)} · TNCC</title></head><body><main><h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p>${extra}<p><a href="${escapeHtml(back)}">Back to the site</a></p></main></body></html>`;
}
