// @vitest-environment node
// The build's quality gates (npm run check:build) run on a small planted site in a temp folder: each
// passes on a clean page and fails on the problem it exists to catch.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { BUILD_OUTPUTS } from "../../app/lib/build-outputs";
import { headingFontProblems } from "./heading-font";
import { validatePages } from "./html";
import { checkLinks } from "./links";
import { findSecrets } from "./secrets";

let base: string;
let dir: string;
beforeEach(() => {
  // A build's layout: the site in client/, and the headers.json the server needs beside it.
  base = mkdtempSync(path.join(tmpdir(), "tncc-quality-"));
  dir = path.join(base, "client");
  mkdirSync(dir);
  writeFileSync(
    path.join(base, BUILD_OUTPUTS.headers.file),
    JSON.stringify({ pages: {}, default: { csp: "default-src 'self'" } }),
  );
});
afterEach(() => rmSync(base, { recursive: true, force: true }));

const write = (file: string, text: string) => {
  mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
  writeFileSync(path.join(dir, file), text);
};
const page = (title: string, body: string) =>
  `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>${title}</title></head><body><main>${body}</main></body></html>`;

describe("secrets", () => {
  it("passes a clean build", () => {
    write("index.html", page("Home", "<h1>Home</h1>"));
    write("assets/app.js", 'const publishable = "pk_test_1234567890";');
    expect(findSecrets(dir, "s3cr3t-value")).toEqual({ files: 2, found: [] });
  });

  it("finds a secret key, the variable's name, and the variable's value in any text file", () => {
    write("assets/app.js", 'fetch(u, { headers: { authorization: "Bearer sk_live_abcdef123456" } });');
    write("assets/env.js", "console.log(process.env.STRIPE_SECRET_KEY)");
    write("about/index.html", page("About", "<p>token: s3cr3t-value</p>"));
    write("images/key.png", "sk_live_abcdef123456 is in a picture's bytes, not read");
    expect(findSecrets(dir, "s3cr3t-value").found.sort()).toEqual([
      `${path.join("about", "index.html")}: the value of STRIPE_SECRET_KEY`,
      `${path.join("assets", "app.js")}: ${String(/\bsk_(live|test)_[A-Za-z0-9]{6,}/)}`,
      `${path.join("assets", "env.js")}: /STRIPE_SECRET_KEY/`,
    ]);
  });
});

describe("html", () => {
  it("passes valid pages", async () => {
    write("index.html", page("Home", "<h1>Home</h1>"));
    expect(await validatePages(dir)).toEqual([]);
  });

  it("fails a page with invalid markup, naming the file and rule", async () => {
    write("index.html", page("Home", "<h1>Home</h1>"));
    write("faqs/index.html", page("FAQ", '<h1>FAQ</h1><p id="a">one</p><p id="a">two</p><div><span></div>'));
    const problems = await validatePages(dir);
    expect(problems.length).toBeGreaterThan(0);
    expect(problems.every((line) => line.includes(path.join("faqs", "index.html")))).toBe(true);
    expect(problems.some((line) => line.includes("no-dup-id"))).toBe(true);
  });
});

describe("links", () => {
  it("passes a site whose internal links all resolve", async () => {
    write("index.html", page("Home", '<h1>Home</h1><a href="/about">About</a><a href="https://example.org/">out</a>'));
    write("about/index.html", page("About", '<h1>About</h1><a href="/">Home</a>'));
    const { broken, checked } = await checkLinks(dir);
    expect(broken).toEqual([]);
    expect(checked).toBeGreaterThanOrEqual(2);
  });

  it("fails on a link to a page that is not there, naming it and the page it is on", async () => {
    write("index.html", page("Home", '<h1>Home</h1><a href="/about">About</a>'));
    write("about/index.html", page("About", '<h1>About</h1><a href="/speakers-detail/99">Gone</a>'));
    const { broken } = await checkLinks(dir);
    expect(broken).toHaveLength(1);
    expect(broken[0]).toMatch(/^404 \/speakers-detail\/99 \(on \/about\/?\)$/);
  });
});

describe("heading font", () => {
  it("passes headings written with the preloaded file's characters, whatever the body text uses", () => {
    write("index.html", page("Home", "<h1>Wrapped in Grace – “Nets of Prayer”, 24–27 October!</h1><p>#1 @ 50+</p>"));
    write("pricing/index.html", page("Pricing", '<p class="mt-4 font-serif">$49.00</p>'));
    expect(headingFontProblems(dir)).toEqual([]);
  });

  it("names the page, the character and the text of a heading that needs the other file", () => {
    write("index.html", page("Home", "<h2>Speakers <span>#1</span></h2>"));
    write("about/index.html", page("About", '<span class="font-serif text-5xl">500+</span><h3>Café</h3>'));
    expect(headingFontProblems(dir)).toEqual([
      '/: "#" (U+0023) in "Speakers #1"',
      '/about: "+" (U+002B) in "500+"',
      '/about: "é" (U+00E9) in "Café"',
    ]);
  });
});
