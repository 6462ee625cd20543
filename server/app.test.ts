// @vitest-environment node
import { mkdir, mkdtemp, rm, symlink, utimes, writeFile } from "node:fs/promises";
import type { AddressInfo } from "node:net";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { gunzipSync, gzipSync } from "node:zlib";
import { serve } from "@hono/node-server";
import type { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BUILD_OUTPUTS, type HeadersManifest } from "../app/lib/build-outputs";
import { createApp, isSubresourceType } from "./app";

const SECRET = "SECRET-OUTSIDE-ROOT";
const HOME_CSP = "default-src 'self'; script-src 'self' 'sha256-home'";
const ABOUT_CSP = "default-src 'self'; script-src 'self' 'sha256-about'";
const DEFAULT_CSP = "default-src 'self'; script-src 'self'; object-src 'none'";
const FALLBACK_CSP = "default-src 'self'; script-src 'self' 'sha256-fallback'";

const page = (title: string, extra = "") =>
  `<!DOCTYPE html><html><head><title>${title}</title>` +
  `<link rel="stylesheet" href="/assets/app-abc123.css"/>` +
  `<link rel="modulepreload" href="/assets/app-abc123.js"/></head>` +
  `<body><main>${title} ${extra}</main>` +
  `<script>window.__reactRouterContext = {};</script>` +
  `<script type="module" async="">import "/assets/app-abc123.js";</script></body></html>`;

const bigJs = `console.log(${JSON.stringify("x".repeat(4000))});\n`;
const bigText = "lorem ipsum dolor sit amet ".repeat(200);

let dir: string;
let root: string;
const logged: string[] = [];
let app: Hono;

async function put(rel: string, content: string | Uint8Array) {
  const file = path.join(dir, rel);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, content);
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "tncc-server-"));
  root = path.join(dir, "build", "client");
  await put("secret.txt", SECRET);
  await put("package.json", `{"name":"${SECRET}"}`);
  await put("build/secret.txt", SECRET);
  await put("build/client/index.html", page("TNCC", "home-page"));
  await put("build/client/about-us/index.html", page("About Us | TNCC"));
  await put("build/client/speakers-detail/3/index.html", page("Speaker 3 | TNCC"));
  await put("build/client/404/index.html", page("Page not Found | TNCC"));
  await put("build/client/__spa-fallback.html", page("shell"));
  await put("build/client/.env", SECRET);
  await put("build/client/__spa-fallback.html.gz", gzipSync(page("shell")));
  await put("build/client/404.html", page("static 404"));
  await put("build/client/404.html.gz", gzipSync(page("static 404")));
  await put("build/client/.br", "x");
  await put("build/client/.gz", "x");
  await put("build/client/assets/app-abc123.js", bigJs);
  await put("build/client/assets/app-abc123.js.br", "BROTLI-BYTES");
  await put("build/client/assets/app-abc123.js.gz", gzipSync(bigJs));
  await put("build/client/assets/app-abc123.css", "body{color:red}");
  await put("build/client/about-us.data", "[{}]");
  await put("build/client/images/banner.png", new Uint8Array([137, 80, 78, 71]));
  await put("build/client/_img/banner-640.webp", new Uint8Array([82, 73, 70, 70]));
  await put("build/client/favicon.svg", "<svg xmlns='http://www.w3.org/2000/svg'/>");
  await put("build/client/big.txt", bigText);
  await symlink(path.join(dir, "secret.txt"), path.join(root, "link.txt"));
  // A stale sibling (older than its source) must not be served.
  await put("build/client/stale.txt", bigText);
  await put("build/client/stale.txt.br", "STALE");
  await utimes(path.join(root, "stale.txt.br"), new Date(2000, 0), new Date(2000, 0));
  const manifest: HeadersManifest = {
    pages: { "/": { csp: HOME_CSP }, "/about-us": { csp: ABOUT_CSP } },
    default: { csp: DEFAULT_CSP },
    spaFallback: { csp: FALLBACK_CSP },
  };
  await put(`build/${BUILD_OUTPUTS.headers.file}`, JSON.stringify(manifest));
  app = createApp({ root, log: (line) => logged.push(line) });
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) => app.request(url, { headers });

describe("pages", () => {
  it("serves / and pre-rendered pages with 200 and no-cache", async () => {
    for (const [url, text] of [
      ["/", "home-page"],
      ["/about-us", "About Us"],
      ["/speakers-detail/3", "Speaker 3"],
    ] as const) {
      const res = await get(url);
      expect(res.status, url).toBe(200);
      expect(res.headers.get("content-type")).toBe("text/html; charset=utf-8");
      expect(res.headers.get("cache-control")).toBe("no-cache");
      expect(await res.text()).toContain(text);
    }
  });

  it("redirects a trailing slash with 301 and keeps the query", async () => {
    const res = await get("/about-us/?ref=mail&x=1");
    expect(res.status).toBe(301);
    expect(res.headers.get("location")).toBe("/about-us?ref=mail&x=1");
    expect((await get("/about-us///")).headers.get("location")).toBe("/about-us");
  });

  it("never redirects to another host", async () => {
    const cases: [string, number, string | null][] = [
      ["//evil.example/", 404, null],
      ["/%2fevil.example/", 404, null],
      ["/%5cevil.example/", 404, null],
      ["//about-us/", 301, "/about-us"],
      ["//about-us", 301, "/about-us"],
    ];
    for (const [url, status, location] of cases) {
      const res = await get(url);
      expect(res.status, url).toBe(status);
      expect(res.headers.get("location"), url).toBe(location);
    }
  });

  it("answers HEAD with the headers and no body", async () => {
    const res = await app.request("/about-us", { method: "HEAD" });
    expect(res.status).toBe(200);
    expect(Number(res.headers.get("content-length"))).toBeGreaterThan(0);
    expect(await res.text()).toBe("");
  });

  it("answers other methods with 405 and Allow", async () => {
    const res = await app.request("/about-us", { method: "POST", body: "x" });
    expect(res.status).toBe(405);
    expect(res.headers.get("allow")).toBe("GET, HEAD");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
  });

  it("answers 304 to a conditional GET", async () => {
    const first = await get("/about-us");
    const etag = first.headers.get("etag");
    expect(etag).toBeTruthy();
    const again = await get("/about-us", { "if-none-match": etag ?? "" });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");
    const since = first.headers.get("last-modified") ?? "";
    expect((await get("/about-us", { "if-modified-since": since })).status).toBe(304);
  });
});

describe("not found", () => {
  it("answers unknown paths with the 404 page, without scripts", async () => {
    for (const url of ["/no-such-page", "/speakers-detail/999", "/404", "/about-us/nope"]) {
      const res = await get(url);
      expect(res.status, url).toBe(404);
      expect(res.headers.get("content-type")).toBe("text/html; charset=utf-8");
      expect(res.headers.get("content-security-policy")).toBe(DEFAULT_CSP);
      const body = await res.text();
      expect(body).toContain("Page not Found");
      expect(body).not.toMatch(/<script/i);
      expect(body).not.toContain("modulepreload");
      expect(body).toContain('rel="stylesheet"');
    }
  });

  it("never serves the SPA fallback, dotfiles or symlinks out of root", async () => {
    for (const url of ["/__spa-fallback.html", "/.env", "/link.txt", "/404/index.html"]) {
      const res = await get(url);
      expect(res.status, url).toBe(404);
      expect(await res.text()).not.toContain(SECRET);
    }
  });

  it("serves the SPA fallback at /admin and below (200, its own CSP, noindex, not cached), nowhere else", async () => {
    for (const url of ["/admin", "/admin/", "/admin/anything", "/admin?kind=faq"]) {
      const res = await get(url);
      expect(res.status, url).toBe(200);
      expect(await res.text(), url).toContain("shell");
      expect(res.headers.get("content-security-policy"), url).toBe(FALLBACK_CSP);
      expect(res.headers.get("x-robots-tag"), url).toMatch(/noindex/);
      expect(res.headers.get("cache-control"), url).toBe("no-store");
    }
    for (const url of ["/administrator", "/nope", "/admin.html"]) expect((await get(url)).status, url).toBe(404);
  });

  it("serves only what the build maps to a URL: no compressed copies, no %2f spellings", async () => {
    for (const url of [
      "/__spa-fallback.html.gz",
      "/__spa-fallback.html.br",
      "/404.html.gz",
      "/404.html",
      "/.br",
      "/.gz",
      "/assets/app-abc123.js.br",
      "/assets/app-abc123.js.gz",
      "/about-us%2f",
      "/about-us%2F",
      "/assets%2fapp-abc123.js",
      "/assets/app-abc123.js%2f",
      "/assets/app-abc123.js/",
      "//assets/app-abc123.js",
    ]) {
      const res = await get(url, { "accept-encoding": "br, gzip" });
      expect(res.status, url).toBe(404);
      expect(res.headers.get("content-type"), url).toBe("text/html; charset=utf-8");
    }
  });

  it("answers a malformed percent-encoding and a huge path without a 5xx", async () => {
    expect((await get("/%E0%A4%A")).status).toBe(404);
    expect([404, 414]).toContain((await get("/" + "a".repeat(5000))).status);
  });
});

describe("files", () => {
  it("sets Cache-Control per kind of file", async () => {
    const cases: [string, string, string][] = [
      ["/assets/app-abc123.css", "public, max-age=31536000, immutable", "text/css; charset=utf-8"],
      ["/images/banner.png", "public, max-age=604800", "image/png"],
      ["/_img/banner-640.webp", "public, max-age=604800", "image/webp"],
      ["/about-us.data", "no-cache", "text/x-script; charset=utf-8"],
      ["/favicon.svg", "public, max-age=3600", "image/svg+xml"],
    ];
    for (const [url, cache, type] of cases) {
      const res = await get(url);
      expect(res.status, url).toBe(200);
      expect(res.headers.get("cache-control"), url).toBe(cache);
      expect(res.headers.get("content-type"), url).toBe(type);
    }
  });

  it("serves the precompressed sibling the client accepts", async () => {
    const br = await get("/assets/app-abc123.js", { "accept-encoding": "gzip, deflate, br" });
    expect(br.headers.get("content-encoding")).toBe("br");
    expect(br.headers.get("content-type")).toBe("text/javascript; charset=utf-8");
    expect(br.headers.get("vary")).toBe("Accept-Encoding");
    expect(br.headers.get("content-length")).toBe(String("BROTLI-BYTES".length));
    expect(await br.text()).toBe("BROTLI-BYTES");

    const gz = await get("/assets/app-abc123.js", { "accept-encoding": "gzip, br;q=0" });
    expect(gz.headers.get("content-encoding")).toBe("gzip");
    expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toBe(bigJs);

    const plain = await get("/assets/app-abc123.js");
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(plain.headers.get("content-length")).toBe(String(Buffer.byteLength(bigJs)));
    expect(await plain.text()).toBe(bigJs);
  });

  it("compresses text on the fly and ignores stale siblings", async () => {
    for (const url of ["/big.txt", "/stale.txt"]) {
      const res = await get(url, { "accept-encoding": "br, gzip" });
      expect(res.headers.get("content-encoding"), url).toBe("gzip");
      const body = Buffer.from(await res.arrayBuffer());
      expect(res.headers.get("content-length")).toBe(String(body.byteLength));
      expect(gunzipSync(body).toString()).toBe(bigText);
    }
  });
});

describe("security headers", () => {
  it("sets them on every kind of response", async () => {
    const responses = [
      await get("/"),
      await get("/nope"),
      await get("/nope.js"),
      await get("/favicon.svg"),
      await get("/about-us/"),
      await app.request("/api/vitals", { method: "POST", body: "{" }),
    ];
    for (const res of responses) {
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
      expect(res.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
      expect(res.headers.get("permissions-policy")).toBe("camera=(self), microphone=(), geolocation=(), payment=()");
      expect(res.headers.get("cross-origin-opener-policy")).toBe("same-origin");
      expect(res.headers.get("x-frame-options")).toBe("DENY");
      expect(res.headers.get("content-security-policy")).toBeTruthy();
      expect(res.headers.get("strict-transport-security")).toBeNull();
    }
  });

  it("leaves the document-only headers off scripts and styles, also on a 304", async () => {
    const js = await get("/assets/app-abc123.js");
    const responses = [
      js,
      await get("/assets/app-abc123.css"),
      await get("/assets/app-abc123.js", { "if-none-match": js.headers.get("etag") ?? "" }),
    ];
    expect(responses[2]?.status).toBe(304);
    for (const res of responses) {
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
      expect(res.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
      for (const name of [
        "content-security-policy",
        "permissions-policy",
        "cross-origin-opener-policy",
        "x-frame-options",
      ])
        expect(res.headers.get(name), name).toBeNull();
    }
  });

  it("tells subresource types from documents", () => {
    for (const type of [
      "text/javascript; charset=utf-8",
      "text/css; charset=utf-8",
      "font/woff2",
      "image/avif",
      "image/png",
    ])
      expect(isSubresourceType(type), type).toBe(true);
    for (const type of [
      "text/html; charset=utf-8",
      "image/svg+xml",
      "application/json; charset=utf-8",
      "application/pdf",
      "",
    ])
      expect(isSubresourceType(type), type).toBe(false);
  });

  it("adds HSTS and upgrade-insecure-requests only over HTTPS", async () => {
    const res = await createApp({ root, trustProxy: true }).request("/about-us", {
      headers: { "x-forwarded-proto": "https" },
    });
    expect(res.headers.get("strict-transport-security")).toBe("max-age=31536000; includeSubDomains");
    expect(res.headers.get("content-security-policy")).toBe(`${ABOUT_CSP}; upgrade-insecure-requests`);
    const direct = await app.request("https://tncc.example.org/");
    expect(direct.headers.get("strict-transport-security")).toBeTruthy();
  });

  it("takes each page's CSP from headers.json, the default for the rest", async () => {
    expect((await get("/")).headers.get("content-security-policy")).toBe(HOME_CSP);
    expect((await get("/index.html")).headers.get("content-security-policy")).toBe(HOME_CSP);
    expect((await get("/about-us")).headers.get("content-security-policy")).toBe(ABOUT_CSP);
    // A page missing from the manifest gets the default, never no policy.
    expect((await get("/speakers-detail/3")).headers.get("content-security-policy")).toBe(DEFAULT_CSP);
    expect((await get("/favicon.svg")).headers.get("content-security-policy")).toBe(DEFAULT_CSP);
  });

  it("adds HSTS only over HTTPS: X-Forwarded-Proto counts only with TRUST_PROXY, its last value only", async () => {
    // Without TRUST_PROXY any client could claim https.
    const claimed = await get("/about-us", { "x-forwarded-proto": "https" });
    expect(claimed.headers.get("strict-transport-security")).toBeNull();
    expect(claimed.headers.get("content-security-policy")).toBe(ABOUT_CSP);
    const proxied = createApp({ root, trustProxy: true });
    const res = await proxied.request("/about-us", { headers: { "x-forwarded-proto": "https" } });
    expect(res.headers.get("strict-transport-security")).toBe("max-age=31536000; includeSubDomains");
    expect(res.headers.get("vary")).toBe("Accept-Encoding, X-Forwarded-Proto");
    // The proxy appends; the client's own leftmost value does not win.
    const spoofed = await proxied.request("/about-us", { headers: { "x-forwarded-proto": "https, http" } });
    expect(spoofed.headers.get("strict-transport-security")).toBeNull();
  });

  it("sets them, and no stack trace, on a 500", async () => {
    const errors: unknown[] = [];
    const failing = createApp({ root, logError: (e) => errors.push(e) });
    failing.get("/api/boom", () => {
      throw new Error("boom");
    });
    const res = await failing.request("/api/boom");
    expect(res.status).toBe(500);
    expect(await res.text()).toBe("Internal Server Error");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("x-frame-options")).toBe("DENY");
    expect(res.headers.get("content-security-policy")).toBe(DEFAULT_CSP);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(errors).toHaveLength(1);
  });
});

describe("startup", () => {
  it("refuses to start without a valid headers.json, saying what to do", async () => {
    expect(() => createApp({ root, headersFile: path.join(dir, "missing.json") })).toThrow(
      /missing\.json is missing or invalid.*inline scripts are blocked.*npm run build/,
    );
    await put("build/bad-headers.json", JSON.stringify({ pages: {} }));
    expect(() => createApp({ root, headersFile: path.join(dir, "build/bad-headers.json") })).toThrow(/invalid/);
  });

  it("refuses to start without a readable index.html", async () => {
    await put("empty/client/x.txt", "x");
    expect(() =>
      createApp({
        root: path.join(dir, "empty/client"),
        headersFile: path.join(dir, "build", BUILD_OUTPUTS.headers.file),
      }),
    ).toThrow(/index\.html cannot be read.*npm run build/);
  });
});

describe("routes added later", () => {
  it("take precedence over files", async () => {
    const extended = createApp({ root });
    extended.get("/api/ping", (c) => c.json({ ok: true }));
    const res = await extended.request("/api/ping");
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true });
    expect(res.headers.get("x-frame-options")).toBe("DENY");
    expect((await extended.request("/api/other")).status).toBe(404);
  });
});

describe("/api/vitals", () => {
  const post = (body: string, headers: Record<string, string> = {}) =>
    app.request("/api/vitals", {
      method: "POST",
      body,
      headers: { "content-type": "application/json", ...headers },
    });

  it("accepts one metric or a list and logs one summary line per metric name per interval", async () => {
    const lines: string[] = [];
    let now = 0;
    const vitals = createApp({ root, log: (l) => lines.push(l), now: () => now, vitals: { flushMs: 60_000 } });
    const send = (body: unknown, type = "application/json") =>
      vitals.request("/api/vitals", { method: "POST", body: JSON.stringify(body), headers: { "content-type": type } });
    const one = { name: "LCP", value: 1234.5, id: "v5-1-2", rating: "good", page: "/" };
    const res = await send(one);
    expect(res.status).toBe(204);
    expect(res.headers.get("cache-control")).toBe("no-store");
    await send({ ...one, value: 3000, rating: "poor" });
    // sendBeacon posts a string as text/plain.
    const list = [
      { name: "CLS", value: 0.01, id: "v5-3", page: "/about-us" },
      { name: "INP", value: 80, id: "v5-4", delta: 3 },
    ];
    expect((await send(list, "text/plain")).status).toBe(204);
    expect(lines).toEqual([]);
    now = 60_000;
    await send({ name: "CLS", value: 0.02, id: "v5-5" });
    expect(lines).toEqual([
      "vitals LCP n=2 p75=3000 good=1 poor=1",
      "vitals CLS n=2 p75=0.02 unrated=2",
      "vitals INP n=1 p75=80 unrated=1",
    ]);
  });

  it("a flood neither floods the log nor gets past the per-client limit", async () => {
    const lines: string[] = [];
    let now = 0;
    const flooded = createApp({ root, log: (l) => lines.push(l), now: () => now });
    const metrics = ["LCP", "CLS", "INP", "FCP", "TTFB"].map((name, i) => ({ name, value: i, id: `v${i}` }));
    const statuses = new Map<number, number>();
    for (let i = 0; i < 500; i++) {
      now += 100; // 500 requests in 50 s, from one address
      const res = await flooded.request("/api/vitals", { method: "POST", body: JSON.stringify(metrics) });
      statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
    }
    expect(statuses.get(204)).toBe(60);
    expect(statuses.get(429)).toBe(440);
    now += 60_000;
    await flooded.request("/api/vitals", { method: "POST", body: JSON.stringify(metrics[0]) });
    // 2,500 metrics sent, 300 accepted: one line per metric name.
    expect(lines).toHaveLength(5);
    expect(lines[0]).toBe("vitals LCP n=61 p75=0 unrated=61");
  });

  it("drops a client that resets mid-body quietly, without a 500 or a stack trace", async () => {
    const errors: unknown[] = [];
    const consoleErrors: unknown[] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => consoleErrors.push(args);
    const quiet = createApp({ root, logError: (e) => errors.push(e) });
    const server = serve({ fetch: quiet.fetch, port: 0, hostname: "127.0.0.1" });
    await new Promise<void>((resolve) => server.once("listening", () => resolve()));
    const { port } = server.address() as AddressInfo;
    try {
      for (const headers of ["Content-Length: 4000", "Transfer-Encoding: chunked"]) {
        await new Promise<void>((resolve) => {
          const socket = connect(port, "127.0.0.1", () => {
            socket.write(`POST /api/vitals HTTP/1.1\r\nHost: x\r\nContent-Type: text/plain\r\n${headers}\r\n\r\n`);
            socket.write(headers.startsWith("Transfer") ? 'a\r\n[{"name":"L\r\n' : '[{"name":"LCP"');
            setTimeout(() => socket.resetAndDestroy(), 50);
          });
          socket.on("error", () => {});
          socket.on("close", () => resolve());
        });
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    } finally {
      console.error = original;
      await new Promise((resolve) => server.close(resolve));
    }
    expect(errors).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });

  it("answers malformed JSON and wrong shapes with 400", async () => {
    const bad = [
      "",
      "{",
      "not json",
      "null",
      "42",
      '"LCP"',
      "[]",
      "{}",
      '{"name":"LCP","value":"1","id":"a"}',
      '{"name":"FID","value":1,"id":"a"}',
      '{"name":"LCP","value":-1,"id":"a"}',
      '{"name":"LCP","value":1,"id":"a\\nforged log line"}',
      '{"name":"LCP","value":1,"id":"a","rating":"great"}',
      '{"__proto__":{"name":"LCP"},"value":1,"id":"a"}',
      JSON.stringify(Array.from({ length: 6 }, (_, i) => ({ name: "LCP", value: 1, id: `i${i}` }))),
    ];
    for (const body of bad) {
      const res = await post(body);
      expect(res.status, body).toBe(400);
      expect(res.headers.get("content-type")).toContain("application/json");
    }
  });

  it("answers an oversize payload with 413 JSON", async () => {
    const huge = JSON.stringify([{ name: "LCP", value: 1, id: "a", page: "x".repeat(20_000) }]);
    const res = await post(huge);
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ error: "Payload too large" });
    // Without Content-Length (a stream), the limit still holds.
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < 20; i++) controller.enqueue(new Uint8Array(1024).fill(32));
        controller.close();
      },
    });
    const streamed = await app.request("/api/vitals", {
      method: "POST",
      body: stream,
      // @ts-expect-error Node's fetch needs duplex for a stream body; the DOM typings lack it.
      duplex: "half",
    });
    expect(streamed.status).toBe(413);
  });

  it("does not answer GET", async () => {
    expect((await get("/api/vitals")).status).toBe(404);
  });
});

// /api/forms/:kind is tested in server/forms/routes.test.ts (it needs a database).

/** A few hundred hostile paths: traversal, encodings, unicode, odd ids, junk queries. */
function hostilePaths(): string[] {
  const traversal = [
    "/..%2f..%2fpackage.json",
    "/..%2f..%2f..%2fpackage.json",
    "/..%2f..%2fsecret.txt",
    "/..%2fsecret.txt",
    "/%2e%2e/%2e%2e/etc/passwd",
    "/%2e%2e/%2e%2e/secret.txt",
    "/%2e%2e%2f%2e%2e%2fsecret.txt",
    "/%2E%2E%2F%2E%2E%2Fpackage.json",
    "/%252e%252e%252f%252e%252e%252fsecret.txt",
    "/%25%32%65%25%32%65/secret.txt",
    "/..%5c..%5csecret.txt",
    "/..\\..\\secret.txt",
    "/assets/..%2f..%2f..%2fsecret.txt",
    "/assets%2f..%2f..%2f..%2fpackage.json",
    "/%c0%ae%c0%ae/%c0%ae%c0%ae/secret.txt",
    "/.%2e/.%2e/secret.txt",
    "/..;/..;/secret.txt",
    "/%2fetc%2fpasswd",
    "/%2f%2e%2e%2fsecret.txt",
    "/C:%5cWindows%5cwin.ini",
    "/secret.txt%00.html",
    "/%00",
    "/index.html%00",
    "/.env",
    "/%2eenv",
    "/assets/.%2e/.env",
    "/link.txt",
    "/__spa-fallback.html",
  ];
  const ids = [
    "-1",
    "0",
    "1.5",
    "1e3",
    "99999999999999999999",
    "9".repeat(400),
    "NaN",
    "Infinity",
    "%20",
    "%",
    "%E0%A4%A",
    "%FF%FE",
    "abc",
    "%EF%BC%93",
    "\u{1F600}",
    "%F0%9F%98%80",
    "3%2F..%2F..",
    "3;drop",
    "3'--",
    "<script>alert(1)</script>",
    "__proto__",
    "constructor",
  ];
  const idPaths = ids.flatMap((id) => [
    `/speakers-detail/${id}`,
    `/event-detail/${id}/${id}`,
    `/blog-single/${id}`,
    `/${id}`,
  ]);
  const long = [
    "/" + "a".repeat(2049),
    "/" + "a".repeat(10_000),
    "/" + "a/".repeat(1500),
    "/" + "%".repeat(3000),
    "/" + "%2e%2e%2f".repeat(300) + "secret.txt",
    "/" + "..%2f".repeat(600) + "package.json",
  ];
  const unicode = ["/über", "/日本語/ページ", "/%D8%A7%D9%84", "/\u202Eevil", "/%E2%80%AE", "/\uFFFD"];
  const malformed = ["/%", "/%zz", "/%%%", "/%E0%A4", "/%C0%AF", "/%ED%A0%80"];
  const queries = [
    "",
    "?",
    "?a=%",
    "?q=%E0%A4%A",
    "?__proto__[x]=1",
    "?q=" + "%".repeat(200),
    "?<script>alert(1)</script>",
    "?x=" + "y".repeat(3000),
  ];
  const paths = [...traversal, ...idPaths, ...long, ...unicode, ...malformed];
  return [
    ...paths,
    ...paths.slice(0, 40).flatMap((p) => queries.map((q) => p + q)),
    ...["/", "/about-us", "/about-us/"].flatMap((p) => queries.map((q) => p + q)),
  ];
}

describe("hostile input", () => {
  const paths = hostilePaths();

  it("never answers 5xx nor a file from outside root", async () => {
    for (const [i, url] of paths.entries()) {
      const method = ["GET", "HEAD", "POST", "DELETE"][i % 4] ?? "GET";
      const res = await app.request(url, {
        method,
        headers: { "accept-encoding": i % 2 ? "gzip" : "identity" },
      });
      expect(res.status, `${method} ${url}`).toBeLessThan(500);
      const body = Buffer.from(await res.arrayBuffer());
      const text =
        res.headers.get("content-encoding") === "gzip" && body.byteLength
          ? gunzipSync(body).toString()
          : body.toString();
      expect(text, url).not.toContain(SECRET);
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    }
  });

  it("survives raw request targets through the Node server", async () => {
    const server = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" });
    await new Promise<void>((resolve) => server.once("listening", () => resolve()));
    const { port } = server.address() as AddressInfo;
    const raw = (target: string) =>
      new Promise<string>((resolve, reject) => {
        const socket = connect(port, "127.0.0.1");
        let data = "";
        socket.setEncoding("latin1");
        socket.on("data", (chunk: string) => (data += chunk));
        socket.on("end", () => resolve(data));
        socket.on("error", reject);
        socket.write(`GET ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`, "latin1");
      });
    try {
      for (const target of [
        "/../../secret.txt",
        "/../package.json",
        "/..\\..\\secret.txt",
        "/assets/../../../secret.txt",
        "/%2e%2e/%2e%2e/secret.txt",
        "/..%2f..%2fsecret.txt",
        "/./.env",
        "//secret.txt",
        "/about-us/",
        "/\u00e9",
        "*",
        "secret.txt",
        "http://127.0.0.1/../../secret.txt",
        "/" + "a".repeat(3000),
      ]) {
        const response = await raw(target);
        const status = Number(response.slice(9, 12));
        expect(status, target).toBeGreaterThanOrEqual(200);
        expect(status, target).toBeLessThan(500);
        expect(response, target).not.toContain(SECRET);
      }
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
