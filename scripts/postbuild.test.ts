// @vitest-environment node
import { mkdir, mkdtemp, readFile, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BUILD_OUTPUTS, type HeadersManifest } from "../app/lib/build-outputs";
import { buildCsp } from "../server/http-policy";
import { pagePathOf } from "./build/files";
import { buildHeadersFile, hashScript, inlineScripts, originOf } from "./build/headers";
import { blankIslandData, hydrateAfterLoad } from "./build/hydrate";
import { islandData, readIslandData } from "../app/lib/island-data";
import { missingCompressed, precompressStep } from "./build/precompress";
import { decodeEntities, extractSearchEntry, MAX_TEXT, visibleText } from "./build/search-index";
import { buildRobots, buildSitemap, normalizeSiteUrl } from "./build/sitemap";
import { buildInfoStep } from "./build/build-info";
import { postbuild, STEPS } from "./postbuild";

const directive = (csp: string, name: string) => csp.split("; ").find((d) => d === name || d.startsWith(`${name} `));

describe("buildCsp", () => {
  it("builds the site's policy", () => {
    // No Stripe script, frame, image or API host: no page loads them. form-action keeps the hosted
    // checkout, which the no-JavaScript BUY reaches through our 303 (Chromium checks the redirect).
    expect(buildCsp()).toBe(
      "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; " +
        "img-src 'self' data:; font-src 'self'; connect-src 'self'; " +
        "frame-src https://www.google.com https://maps.google.com; " +
        "form-action 'self' https://checkout.stripe.com; object-src 'none'; base-uri 'self'; frame-ancestors 'none'",
    );
  });

  it("adds script hashes (once each) and connect origins, never 'unsafe-inline' for scripts", () => {
    const csp = buildCsp({
      scriptHashes: ["'sha256-a'", "'sha256-b'", "'sha256-a'"],
      connectSrc: ["https://vitals.example.org"],
    });
    expect(directive(csp, "script-src")).toBe("script-src 'self' 'sha256-a' 'sha256-b'");
    expect(directive(csp, "connect-src")).toBe("connect-src 'self' https://vitals.example.org");
    expect(directive(csp, "script-src")).not.toContain("unsafe");
  });

  it("adds upgrade-insecure-requests only when asked", () => {
    expect(buildCsp()).not.toContain("upgrade-insecure-requests");
    expect(buildCsp({ upgradeInsecureRequests: true })).toMatch(/; upgrade-insecure-requests$/);
  });
});

describe("originOf", () => {
  it("keeps the origin of absolute http(s) URLs only", () => {
    expect(originOf("https://vitals.example.org/api/v1?x=1")).toBe("https://vitals.example.org");
    expect(originOf("http://localhost:9000/v")).toBe("http://localhost:9000");
    expect(originOf("/api/vitals")).toBeUndefined();
    expect(originOf("javascript:alert(1)")).toBeUndefined();
    expect(originOf(undefined)).toBeUndefined();
  });
});

describe("script hashes", () => {
  it("hashes a known script to its known CSP source", () => {
    // The example of MDN's Content-Security-Policy script-src page.
    expect(hashScript("alert('Hello, world.');")).toBe("'sha256-qznLcsROx4GACP2dm0UCKCzCG+HiZ1guq6ZZDob/Tng='");
  });

  it("finds inline scripts and skips external ones", () => {
    const html =
      `<script src="/assets/a.js"></script><script>one()</script>` +
      `<script type="module" async="">import "/assets/b.js";\n</script><SCRIPT >two()</SCRIPT >` +
      `<script></script>`;
    expect(inlineScripts(html)).toEqual(["one()", 'import "/assets/b.js";\n', "two()"]);
  });
});

describe("sitemap and robots", () => {
  it("lists every page but /404 as sorted absolute URLs", () => {
    const xml = buildSitemap("https://tncc.example.org", ["/speakers", "/", "/404", "/about-us", "/a&b", "/über"]);
    const locs = [...xml.matchAll(/<loc>(.*?)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toEqual([
      "https://tncc.example.org/",
      "https://tncc.example.org/a%26b",
      "https://tncc.example.org/about-us",
      "https://tncc.example.org/speakers",
      "https://tncc.example.org/%C3%BCber",
    ]);
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns=/);
  });

  it("points robots.txt to the sitemap", () => {
    expect(buildRobots("https://tncc.example.org")).toBe(
      "User-agent: *\nAllow: /\nSitemap: https://tncc.example.org/sitemap.xml\n",
    );
  });

  it("normalizes SITE_URL and refuses a bad one", () => {
    expect(normalizeSiteUrl(undefined)).toBe("https://tncc.example.org");
    expect(normalizeSiteUrl("https://tncc.org/")).toBe("https://tncc.org");
    expect(() => normalizeSiteUrl("tncc.org")).toThrow(/SITE_URL/);
  });
});

describe("_headers", () => {
  it("puts shared headers on /* and each page's CSP on its own rule", () => {
    const file = buildHeadersFile({ "/": "csp-home", "/about-us": "csp-about" });
    const blocks = file.split(/\n(?=\/)/);
    const all = blocks.find((b) => b.startsWith("/*\n")) ?? "";
    expect(all).toContain("  X-Content-Type-Options: nosniff");
    expect(all).toContain("  Strict-Transport-Security: max-age=31536000; includeSubDomains");
    expect(all).not.toContain("Content-Security-Policy");
    expect(blocks).toContain("/assets/*\n  Cache-Control: public, max-age=31536000, immutable");
    expect(blocks).toContain("/\n  Content-Security-Policy: csp-home");
    expect(blocks).toContain("/about-us\n  Content-Security-Policy: csp-about\n");
  });
});

describe("search index", () => {
  const sample = `<!DOCTYPE html><html lang="en"><head>
    <meta charSet="utf-8"/><title>About Us | TNCC</title>
    <meta content="Who we are &amp; what we do" name="description"/>
    <style>.x{color:red}</style></head><body>
    <header><nav>Home About</nav></header>
    <main id="main"><h1>About   <!-- -->Us</h1><p>We&#x27;re <strong>wrapped</strong> in grace &ndash; since&nbsp;2020.</p>
    <script>window.secret = "not text";</script><svg><title>icon</title></svg>
    <ul><li>One</li><li>Two</li></ul></main><footer>Footer text</footer></body></html>`;

  it("takes title, description and the visible text of <main>", () => {
    expect(extractSearchEntry("/about-us", sample)).toEqual({
      path: "/about-us",
      title: "About Us",
      description: "Who we are & what we do",
      // Entities decoded, &nbsp; collapsed with the other whitespace.
      text: "About Us We're wrapped in grace \u2013 since 2020. One Two",
    });
  });

  it("separates sibling elements but not formatting inside a word", () => {
    expect(
      visibleText(
        '<div><span>24</span><span>Oct</span></div><a href="/a">About</a><a href="/b">Blog</a>' +
          "<p><b>W</b>rapped in <em>grace</em>.</p>",
      ),
    ).toBe("24 Oct About Blog Wrapped in grace.");
  });

  it(`caps the text at ${MAX_TEXT} characters`, () => {
    const html = `<title>TNCC</title><main><p>${"word ".repeat(MAX_TEXT)}</p></main>`;
    const entry = extractSearchEntry("/", html);
    expect(entry.title).toBe("TNCC");
    expect(entry.description).toBe("");
    expect(entry.text.length).toBeLessThanOrEqual(MAX_TEXT);
    expect(entry.text.length).toBeGreaterThan(MAX_TEXT - 10);
    expect(entry.text.startsWith("word word")).toBe(true);
  });

  it("decodes basic entities and leaves unknown ones", () => {
    expect(decodeEntities("&lt;a&gt; &quot;x&quot; &#39;y&#39; &#x1F600; &bogus; &#99999999;")).toBe(
      "<a> \"x\" 'y' \u{1F600} &bogus; &#99999999;",
    );
  });
});

describe("postbuild", () => {
  let build: string;
  const client = () => path.join(build, "client");
  const page = (title: string, script: string) =>
    `<!DOCTYPE html><html><head><title>${title}</title><meta name="description" content="${title} page"/>` +
    `<link rel="modulepreload" href="/assets/app.js"/></head><body><main><h1>${title}</h1>` +
    `<p>${"Lorem ipsum dolor sit amet. ".repeat(60)}</p></main>` +
    `<script>${script}</script><script type="module" async="">import * as route0 from "/assets/app.js";\n` +
    `window.__reactRouterRouteModules = {"root":route0};</script></body></html>`;

  beforeAll(async () => {
    build = await mkdtemp(path.join(tmpdir(), "tncc-postbuild-"));
    const files: Record<string, string> = {
      "index.html": page("TNCC", "home()"),
      "about-us/index.html": page("About Us | TNCC", "about()"),
      "speakers-detail/3/index.html": page("Speaker | TNCC", "speaker()"),
      "404/index.html": page("Page not Found | TNCC", "notFound()"),
      "assets/app.js": "console.log(1);".repeat(200),
      "assets/tiny.css": "a{}",
    };
    for (const [rel, content] of Object.entries(files)) {
      await mkdir(path.dirname(path.join(client(), rel)), { recursive: true });
      await writeFile(path.join(client(), rel), content);
    }
  });

  afterAll(async () => {
    await rm(build, { recursive: true, force: true });
  });

  it("maps index.html files to page paths", () => {
    expect(pagePathOf("/b/client", "/b/client/index.html")).toBe("/");
    expect(pagePathOf("/b/client", "/b/client/speakers-detail/3/index.html")).toBe("/speakers-detail/3");
  });

  it("writes headers, sitemap, robots, search index, 404.html and compressed siblings", async () => {
    const summary = await postbuild(build, {
      SITE_URL: "https://tncc.org/",
      VITE_VITALS_URL: "https://vitals.example.org/collect",
    });
    expect(summary).toMatch(/^headers: 4 pages, 8 inline-script hashes/m);

    const manifest = JSON.parse(
      await readFile(path.join(build, BUILD_OUTPUTS.headers.file), "utf8"),
    ) as HeadersManifest;
    expect(Object.keys(manifest.pages).sort()).toEqual(["/", "/404", "/about-us", "/speakers-detail/3"]);
    // The page's own inline script and the (rewritten) module bootstrap, as they are in the written file.
    const aboutHtml = await readFile(path.join(client(), "about-us/index.html"), "utf8");
    const aboutScripts = inlineScripts(aboutHtml);
    expect(aboutScripts[0]).toBe("about()");
    expect(aboutScripts).toHaveLength(2);
    expect(manifest.pages["/about-us"]?.csp).toBe(
      buildCsp({ scriptHashes: aboutScripts.map(hashScript), connectSrc: ["https://vitals.example.org"] }),
    );
    expect(manifest.default.csp).toBe(buildCsp({ connectSrc: ["https://vitals.example.org"] }));

    const headers = await readFile(path.join(client(), "_headers"), "utf8");
    expect(headers).toContain(
      `/about-us\n  Content-Security-Policy: ${buildCsp({
        scriptHashes: aboutScripts.map(hashScript),
        connectSrc: ["https://vitals.example.org"],
        upgradeInsecureRequests: true,
      })}\n`,
    );

    const sitemap = await readFile(path.join(client(), "sitemap.xml"), "utf8");
    expect(sitemap).toContain("<loc>https://tncc.org/speakers-detail/3</loc>");
    expect(sitemap).not.toContain("404");
    expect(await readFile(path.join(client(), "robots.txt"), "utf8")).toContain(
      "Sitemap: https://tncc.org/sitemap.xml",
    );

    const index = JSON.parse(await readFile(path.join(client(), "search-index.json"), "utf8")) as {
      path: string;
      title: string;
    }[];
    expect(index.map((e) => e.path)).toEqual(["/", "/about-us", "/speakers-detail/3"]);
    expect(index[1]?.title).toBe("About Us");

    const notFound = await readFile(path.join(client(), "404.html"), "utf8");
    expect(notFound).toContain("Page not Found");
    expect(notFound).not.toMatch(/<script|modulepreload/);

    const js = await readFile(path.join(client(), "assets/app.js"));
    expect(brotliDecompressSync(await readFile(path.join(client(), "assets/app.js.br")))).toEqual(js);
    expect(gunzipSync(await readFile(path.join(client(), "assets/app.js.gz")))).toEqual(js);
    expect((await stat(path.join(client(), "about-us/index.html.br"))).isFile()).toBe(true);
    await expect(stat(path.join(client(), "assets/tiny.css.br"))).rejects.toThrow();
  });

  it("compresses after every step that writes pages or files (only build.json, beside them, comes later)", async () => {
    expect(STEPS.slice(-2)).toEqual([precompressStep, buildInfoStep]);
    const ics = path.join(client(), "schedule.ics");
    const late = { name: "late file", run: async () => (await writeFile(ics, "BEGIN:VEVENT\n".repeat(200)), "late") };
    await postbuild(build, {}, undefined, [...STEPS.slice(0, -2), late, precompressStep]);
    expect(gunzipSync(await readFile(ics + ".gz")).toString()).toBe(await readFile(ics, "utf8"));
    expect(await missingCompressed(client())).toEqual([]);
  });

  it("finds a file over the threshold without fresh copies", async () => {
    const feed = path.join(client(), "feed.xml");
    await writeFile(feed, "<entry/>".repeat(300));
    expect(await missingCompressed(client())).toEqual([feed + ".br", feed + ".gz"]);
    await rm(feed);
  });

  it("runs again on the same build without compressing the compressed files", async () => {
    await postbuild(build, {});
    await expect(stat(path.join(client(), "assets/app.js.br.br"))).rejects.toThrow();
    const manifest = JSON.parse(
      await readFile(path.join(build, BUILD_OUTPUTS.headers.file), "utf8"),
    ) as HeadersManifest;
    expect(manifest.default.csp).toBe(buildCsp());
  });
});

describe("hydrateAfterLoad", () => {
  const bootstrap = `<script type="module" async="">import "/assets/manifest-1.js";
import * as route0 from "/assets/root-2.js";
import * as route1 from "/assets/about-us-3.js";
  
  window.__reactRouterRouteModules = {"root":route0,"routes/about-us":route1};

import("/assets/entry.client-4.js");</script>`;

  it("waits for the page's first paint, then imports the same modules in order and starts the entry", () => {
    const out = hydrateAfterLoad(
      `<head><link rel="modulepreload" href="/assets/root-2.js"/><link rel="stylesheet" href="/a.css"/></head><body>${bootstrap}</body>`,
    );
    expect(out).toContain('<head><link rel="stylesheet" href="/a.css"/></head>');
    expect(out).toContain("await window.__afterPaint;\nfor (const href of");
    expect(out).toContain('for (const href of ["/assets/root-2.js"]) document.head.append(');
    expect(out).toContain(
      `await import("/assets/manifest-1.js");
const [route0, route1] = await Promise.all([import("/assets/root-2.js"), import("/assets/about-us-3.js")]);
window.__reactRouterRouteModules = {"root":route0,"routes/about-us":route1};

import("/assets/entry.client-4.js");</script></body>`,
    );
    expect(out).not.toMatch(/^import /m);
    expect(hydrateAfterLoad(out)).toBe(out);
  });

  it("stops the build when the bootstrap is missing or has another shape", () => {
    expect(() => hydrateAfterLoad("<body></body>")).toThrow(/not found/);
    expect(() => hydrateAfterLoad('<script type="module" async="">import("/x.js");</script>')).toThrow(
      /unexpected shape/,
    );
  });
});

describe("blankIslandData", () => {
  /** A page's hydration data as React Router writes it: a turbo-stream line in a script, escaped for HTML. */
  const page = (values: unknown[]) =>
    `<div hidden id="S:0"><script>window.__reactRouterContext.streamController.enqueue(${JSON.stringify(
      `${JSON.stringify(values)}\n`,
    ).replace(/[&<>]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`)});</script></div>`;
  const decode = (html: string) => {
    const literal = /enqueue\(("(?:[^"\\]|\\.)*")\);/.exec(html)![1]!;
    return JSON.parse((JSON.parse(literal) as string).trim()) as unknown[];
  };

  it("empties the marked string and leaves every other value, index and escape as it was", () => {
    const islands = islandData({ about: { title: "About <TNCC> & friends" } });
    const values = [{ _1: 2 }, "home", { _3: 4, _5: 6 }, "islands", islands, "schedule", "Day 01 & <b>"];
    const { html, bytes } = blankIslandData(page(values));
    const blanked = decode(html);
    expect(blanked).toEqual([...values.slice(0, 4), "island-data:", ...values.slice(5)]);
    expect(readIslandData(blanked[4] as string)).toBeUndefined();
    expect(bytes).toBe(islands.length - "island-data:".length);
    expect(html).not.toContain("Day 01 & <b>");
    expect(html).toContain("Day 01 \\u0026 \\u003cb\\u003e");
    expect(blankIslandData(html).html).toBe(html);
  });

  it("leaves a page without island data alone", () => {
    const html = page([{ _1: 2 }, "about", "text & more"]);
    expect(blankIslandData(html)).toEqual({ html, bytes: 0 });
  });

  it("stops the build when a mark is left in the page (the data written another way)", () => {
    const split = `<script>enqueueLater("island-data:{\\"about\\":1}")</script>`;
    expect(() => blankIslandData(split)).toThrow(/island data .* was left/);
  });
});

describe("island data", () => {
  it("reads back what was written, and nothing from a blanked string", () => {
    const value = { news: [{ title: "Grace & “hope”" }] };
    expect(readIslandData(islandData(value))).toEqual(value);
    expect(readIslandData(islandData(value).slice(0, "island-data:".length))).toBeUndefined();
  });
});
