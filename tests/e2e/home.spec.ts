import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { Locator, Page } from "@playwright/test";
import { parse } from "yaml";
import { expect, ready, test } from "./fixtures";

// What the organisers' content says the home page shows (so the tests follow content edits).
const contentDir = path.resolve(import.meta.dirname, "../../content");
const readYaml = <T>(file: string) => parse(readFileSync(path.join(contentDir, file), "utf8")) as T;
const frontmatter = <T>(file: string) => parse(readFileSync(file, "utf8").split(/^---$/m)[1] ?? "") as T;
const filesIn = (dir: string, ext: string) =>
  readdirSync(path.join(contentDir, dir))
    .filter((name) => name.endsWith(ext))
    .sort()
    .map((name) => path.join(contentDir, dir, name));

interface Session {
  id: number;
  start: string;
  end?: string;
  title: string;
  speaker?: number;
}
const site = readYaml<{ venue: { name: string; address: { city: string } }; registrationUrl?: string }>("site.yaml");
const speakers = filesIn("speakers", ".md").map((file) => frontmatter<{ id: number; name: string }>(file));
const days = filesIn("schedule", ".yaml").map(
  (file) => parse(readFileSync(file, "utf8")) as { id: number; label: string; date: string; sessions: Session[] },
);
// Latest news: the three newest posts; every post shows the sample comments, so that is its count.
const commentCount = readYaml<{ comments: unknown[] }>("blog/comments.yaml").comments.length;
const news = filesIn("blog/posts", ".md")
  .map((file) => frontmatter<{ id: number; title: string; date: string }>(file))
  .sort((a, b) => String(b.date).localeCompare(String(a.date)))
  .slice(0, 3)
  .map((post) => ({ ...post, comments: commentCount }));
const features = readYaml<{ features: { title: string }[] }>("features.yaml").features;

const HOMES = ["/", "/home", "/revival"];
const SECTIONS = ["home", "about", "speakers", "schedule", "nets-of-prayer"] as const;
const MENU: Record<(typeof SECTIONS)[number], string> = {
  home: "Home",
  about: "About",
  speakers: "Speakers",
  schedule: "Schedule",
  "nets-of-prayer": "Nets of prayer Event",
};

/** A week before the opening (09:00 Chicago, 24 October 2024): the countdown runs. */
const WEEK_BEFORE = Date.parse("2024-10-17T09:00:00-05:00");
const timer = (page: Page) => page.getByRole("timer", { name: "Time left until the conference opens" });
const countdownText = (page: Page) =>
  timer(page)
    .locator("[data-unit] > span:first-child")
    .allTextContents()
    .then((parts) => parts.join(" "));

test.describe("main home page", () => {
  for (const pathname of HOMES) {
    test(`${pathname} shows every section`, async ({ page, problems }) => {
      // A week before the event: the countdown runs (after it, "Took place …" replaces it: now.spec.ts).
      await page.clock.install({ time: WEEK_BEFORE });
      await page.goto(pathname);
      await ready(page);

      // Banner: the page's one h1, the facts, the promotions button, the carousel controls.
      await expect(page.locator("h1")).toHaveCount(1);
      const banner = page.locator("section#home");
      await expect(banner.getByRole("heading", { level: 1 })).toHaveText("Wrapped in Grace Conference");
      await expect(banner).toHaveAttribute("aria-roledescription", "carousel");
      for (const fact of ["24 - 27 October 2024", "300 Seats", "4 Speakers", site.venue.name]) {
        await expect(banner.getByText(fact)).toBeVisible();
      }
      await expect(banner.getByRole("link", { name: "View Our Promotions" })).toHaveAttribute("href", "/pricing");
      await expect(banner.getByRole("button", { name: "Previous slide" })).toBeVisible();
      await expect(banner.getByRole("button", { name: "Next slide" })).toBeVisible();

      // Countdown: four two-digit tiles.
      await expect(timer(page)).toBeVisible();
      await expect.poll(() => countdownText(page)).toMatch(/^\d{2,} \d{2} \d{2} \d{2}$/);
      for (const unit of ["Days", "Hours", "Minutes", "Seconds"]) await expect(timer(page)).toContainText(unit);

      // About: themes and the registration button: this site's own form unless content names a ticketing page.
      const about = page.locator("section#about");
      for (const theme of ["Grace of salvation", "Healing", "Entrepreneurship"]) {
        await expect(about.getByRole("listitem").filter({ hasText: theme })).toBeVisible();
      }
      const register = about.getByRole("link", { name: /^Click to Register/ });
      await expect(register).toHaveAttribute("href", site.registrationUrl ?? "/buy-ticket");

      // Features: each from content, by name.
      const featureSection = page.getByRole("region", { name: "What awaits you" });
      await expect(featureSection.getByRole("listitem")).toHaveCount(features.length);
      for (const { title } of features)
        await expect(featureSection.getByRole("heading", { name: title })).toBeVisible();

      // Meet our Guests: a card per speaker, photo and name link to the speaker's page.
      const guests = page.locator("section#speakers");
      await expect(guests.getByRole("heading", { level: 2 })).toHaveText("Meet our Guests");
      await expect(guests.getByRole("article")).toHaveCount(speakers.length);
      for (const { id, name } of speakers) {
        await expect(guests.getByRole("link", { name, exact: true })).toHaveAttribute("href", `/speakers-detail/${id}`);
        const photoLink = guests.locator(`a[href="/speakers-detail/${id}"]:has(img)`);
        await expect(photoLink.locator("img")).toHaveAttribute("alt", `Portrait of ${name}`);
      }

      // Schedule: four day tabs, Day 01 selected, its sessions linking to their pages.
      const schedule = page.locator("section#schedule");
      const tabs = schedule.getByRole("tab");
      await expect(tabs).toHaveText(
        days.map((day) => new RegExp(`^${day.label}\\s*${Number(day.date.slice(8))} Oct 2024$`)),
      );
      await expect(schedule.getByRole("tab", { name: /Day 01/ })).toHaveAttribute("aria-selected", "true");
      await expectDayShown(schedule, 0);

      // Nets of Prayer.
      const nets = page.locator("section#nets-of-prayer");
      await expect(nets.getByRole("heading", { level: 2, name: "Nets of Prayer" })).toBeVisible();
      await expect(nets.getByText("16 March 2025")).toBeVisible();
      await expect(nets.getByText(/basketball team at/)).toContainText("Dallas Heralds");
      const netsRegister = nets.getByRole("link", { name: "Click / Press to Register (opens in a new tab)" });
      await expect(netsRegister).toHaveAttribute("href", /^https:\/\//);
      await expect(netsRegister).toHaveAttribute("rel", /noopener/);

      // Latest news: the three newest posts with their comment counts.
      const newsSection = page.getByRole("region", { name: "Latest News" });
      await expect(newsSection.getByRole("article")).toHaveCount(3);
      for (const post of news) {
        const card = newsSection.getByRole("article").filter({ hasText: post.title });
        await expect(card.getByRole("link", { name: post.title })).toHaveAttribute("href", `/blog-single/${post.id}`);
        await expect(card.getByText(`${post.comments} Comments`)).toBeVisible();
      }

      expect(problems).toEqual([]);
    });
  }

  test("the banner picture is the largest paint: eager, high priority, AVIF/WebP/JPEG variants, sized", async ({
    page,
  }) => {
    await page.addInitScript(() => {
      const w = window as unknown as { lcp?: string };
      new PerformanceObserver((list) => {
        const last = list.getEntries().at(-1) as (PerformanceEntry & { element?: Element }) | undefined;
        w.lcp = last?.element?.closest("section")?.id ?? last?.element?.tagName;
      }).observe({ type: "largest-contentful-paint", buffered: true });
    });
    await page.goto("/");
    await ready(page);
    const image = page.locator("section#home img").first();
    await expect(image).toHaveAttribute("fetchpriority", "high");
    await expect(image).toHaveAttribute("loading", "eager");
    await expect(image).toHaveAttribute("sizes", "100vw");
    await expect(image).toHaveAttribute("srcset", /\.jpg \d+w/);
    const sources = page.locator("section#home picture").first().locator("source");
    await expect(sources.first()).toHaveAttribute("type", "image/avif");
    await expect(sources.first()).toHaveAttribute("srcset", /\.avif \d+w/);
    await expect(sources.nth(1)).toHaveAttribute("srcset", /\.webp \d+w/);
    await expect(image).toHaveAttribute("width", /^\d+$/);
    await expect(image).toHaveAttribute("height", /^\d+$/);
    expect(await image.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(/\.avif$/);
    await expect.poll(() => page.evaluate(() => (window as unknown as { lcp?: string }).lcp)).toBe("home");
  });

  test("nothing shifts while the page loads and hydrates", async ({ page }) => {
    await page.addInitScript(() => {
      const w = window as unknown as { cls: number };
      w.cls = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
          if (!entry.hadRecentInput) w.cls += entry.value;
        }
      }).observe({ type: "layout-shift", buffered: true });
    });
    await page.goto("/");
    await ready(page);
    // Everything the page fetches (pictures, the heading font) has arrived and been laid out.
    await page.waitForLoadState("networkidle");
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    expect(await page.evaluate(() => (window as unknown as { cls: number }).cls)).toBeLessThan(0.02);
  });
});

async function expectDayShown(schedule: Locator, index: number) {
  const day = days[index]!;
  const panel = schedule.getByRole("tabpanel");
  await expect(panel).toHaveCount(1);
  await expect(panel).toHaveAttribute(
    "aria-labelledby",
    (await schedule.getByRole("tab").nth(index).getAttribute("id")) ?? "",
  );
  for (const session of day.sessions) {
    const link = panel.getByRole("link", { name: session.title, exact: true });
    await expect(link).toHaveAttribute("href", `/event-detail/${day.id}/${session.id}`);
    // (`has` is matched inside each list item, so it starts from the page, not from the panel.)
    const row = panel.getByRole("listitem").filter({ has: schedule.page().getByRole("link", { name: session.title }) });
    await expect(row).toContainText(session.end ? `${session.start} to ${session.end}` : session.start);
    if (!session.end) await expect(row).not.toContainText(`${session.start} -`);
    const speaker = speakers.find((s) => s.id === session.speaker);
    if (speaker) await expect(row).toContainText(speaker.name);
  }
}

test.describe("schedule tabs", () => {
  test("arrow keys, Home and End move between days and show them; one tab in the Tab order", async ({
    page,
    problems,
  }) => {
    await page.goto("/");
    await ready(page);
    const schedule = page.locator("section#schedule");
    const tabs = schedule.getByRole("tab");
    const selected = () => schedule.getByRole("tab", { selected: true });

    await tabs.first().focus();
    await page.keyboard.press("ArrowRight");
    await expect(tabs.nth(1)).toBeFocused();
    await expect(selected()).toHaveCount(1);
    await expect(tabs.nth(1)).toHaveAttribute("aria-selected", "true");
    await expect(tabs.nth(0)).toHaveAttribute("aria-selected", "false");
    await expect(tabs.nth(1)).toHaveAttribute("tabindex", "0");
    await expect(tabs.nth(0)).toHaveAttribute("tabindex", "-1");
    await expectDayShown(schedule, 1);

    await page.keyboard.press("End");
    await expect(tabs.nth(3)).toBeFocused();
    await expectDayShown(schedule, 3);
    await page.keyboard.press("ArrowRight");
    await expect(tabs.nth(0)).toBeFocused();
    await expectDayShown(schedule, 0);
    await page.keyboard.press("ArrowLeft");
    await expect(tabs.nth(3)).toHaveAttribute("aria-selected", "true");
    await page.keyboard.press("Home");
    await expect(tabs.nth(0)).toHaveAttribute("aria-selected", "true");

    // Tab leaves the tab list for the panel's first link.
    await page.keyboard.press("Tab");
    await expect(schedule.getByRole("tabpanel").getByRole("link").first()).toBeFocused();

    await tabs.nth(2).click();
    await expectDayShown(schedule, 2);
    for (const [index, tab] of (await tabs.all()).entries()) {
      await expect(tab).toHaveAttribute("aria-controls", /.+/);
      const controls = await tab.getAttribute("aria-controls");
      await expect(page.locator(`[id="${controls}"]`)).toHaveAttribute("role", "tabpanel");
      await expect(tab).toHaveAttribute("aria-selected", String(index === 2));
    }
    expect(problems).toEqual([]);
  });
});

test.describe("countdown", () => {
  const TARGET = Date.parse("2024-10-24T09:00:00-05:00");

  test("shows 04 00 00 00 four days before 09:00 on 24 October (Chicago) and ticks each second", async ({
    page,
    problems,
  }) => {
    const fourDaysBefore = Date.parse("2024-10-20T09:00:00-05:00");
    await page.clock.install({ time: fourDaysBefore - 60_000 });
    await page.goto("/");
    await ready(page);
    await page.clock.pauseAt(fourDaysBefore);
    await expect.poll(() => countdownText(page)).toBe("04 00 00 00");
    await page.clock.runFor(1000);
    await expect.poll(() => countdownText(page)).toBe("03 23 59 59");
    await page.clock.runFor(61_000);
    await expect.poll(() => countdownText(page)).toBe("03 23 58 58");
    expect(problems).toEqual([]);
  });

  test("at the target it shows zeros and logs one console message (info, not an error)", async ({ page, problems }) => {
    const messages: string[] = [];
    page.on("console", (message) => messages.push(`${message.type()}: ${message.text()}`));
    await page.clock.install({ time: TARGET - 60_000 });
    await page.goto("/");
    await ready(page);
    await page.clock.pauseAt(TARGET - 2_000);
    await expect.poll(() => countdownText(page)).toBe("00 00 00 02");
    expect(messages.filter((m) => /countdown/i.test(m))).toEqual([]);
    await page.clock.runFor(2_000);
    await expect.poll(() => countdownText(page)).toBe("00 00 00 00");
    await page.clock.runFor(10_000);
    await expect(timer(page)).toContainText("00");
    expect(messages.filter((m) => /countdown/i.test(m))).toEqual([
      "info: Countdown finished: the Wrapped in Grace Conference has begun.",
    ]);
    expect(problems).toEqual([]);
  });

  test("has no live region: screen readers are not told every second", async ({ page }) => {
    await page.clock.install({ time: WEEK_BEFORE });
    await page.goto("/");
    await ready(page);
    await expect(timer(page)).not.toHaveAttribute("aria-live", /polite|assertive/);
    await expect(timer(page).locator("[aria-live]")).toHaveCount(0);
  });
});

test.describe("menu navigation to the home page's sections", () => {
  /** The menu item of a section (the menus also list pages named "Speakers" and "Schedule"). */
  const menuLink = (menu: Locator, id: (typeof SECTIONS)[number]) =>
    menu.getByRole("link", { name: MENU[id], exact: true }).and(menu.locator(`a[href="/home#${id}"]`));

  /**
   * Waits until scrolling has stopped with the section's top just below the sticky header. (Stillness alone is
   * not enough: on a busy machine the smooth scroll may not have begun yet when the URL has already changed.)
   */
  async function expectLandedOn(page: Page, id: string) {
    await expect(page).toHaveURL(new RegExp(`/home#${id}$`));
    const section = page.locator(`section#${id}`);
    let last = Number.NaN;
    await expect
      .poll(
        async () => {
          const { y, top, headerBottom } = await section.evaluate((element) => ({
            y: window.scrollY,
            top: element.getBoundingClientRect().top,
            headerBottom: document.querySelector("header")!.getBoundingClientRect().bottom,
          }));
          const still = y === last;
          last = y;
          const below = Math.round(top - headerBottom);
          if (!still) return "still scrolling";
          // Right: the section's top 0 to 48 px below the header's bottom.
          return below >= -1 && below <= 48 ? "landed" : `stopped with the section's top ${below} px below the header`;
        },
        { timeout: 10_000 },
      )
      .toBe("landed");
    await expect(section).toBeInViewport();
    await expect(section.getByRole("heading", { level: id === "home" ? 1 : 2 }).first()).toBeInViewport();
  }

  test("desktop (1440 px): each menu item scrolls its section into view below the header, URL and back follow", async ({
    page,
    problems,
  }) => {
    await page.goto("/about-us");
    await ready(page);
    const menu = page.getByRole("navigation", { name: "Main" });
    for (const id of [...SECTIONS.slice(1), "home" as const]) {
      await menuLink(menu, id).click();
      await expectLandedOn(page, id);
    }
    // Keyboard users continue from the section: its heading has focus.
    await menuLink(menu, "schedule").press("Enter");
    await expectLandedOn(page, "schedule");
    await expect(page.locator("#schedule-title")).toBeFocused();
    // The hash is in the history: back returns to the previous section.
    await page.goBack();
    await expect(page).toHaveURL(/\/home#home$/);
    await page.goBack();
    await expect(page).toHaveURL(/\/home#nets-of-prayer$/);
    expect(problems).toEqual([]);
  });

  test("a shared link opens the page at its section", async ({ page, problems }) => {
    await page.goto("/home#nets-of-prayer");
    await ready(page);
    await expectLandedOn(page, "nets-of-prayer");
    expect(problems).toEqual([]);
  });

  test.describe("phone", () => {
    test.use({ viewport: { width: 375, height: 812 } });

    test("phone (375 px): each menu item lands its section below the sticky header @phone", async ({
      page,
      problems,
    }) => {
      await page.goto("/");
      await ready(page);
      for (const id of [...SECTIONS.slice(1), "home" as const]) {
        await page.getByRole("button", { name: "Open menu" }).click();
        const menu = page.getByRole("dialog", { name: "Menu" });
        await menuLink(menu, id).click();
        await expect(menu).toBeHidden();
        await expectLandedOn(page, id);
      }
      expect(problems).toEqual([]);
    });
  });
});

test.describe("sections React does not hydrate", () => {
  test("keep their pre-rendered content, and their links navigate without a page load", async ({ page, problems }) => {
    await page.goto("/");
    await ready(page);
    await expect(page.getByRole("heading", { name: "Meet our Guests", exact: true })).toBeVisible();
    const news = page.locator("section#news");
    await expect(news.getByRole("article")).toHaveCount(3);
    await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
    const link = page.locator("section#speakers a[href^='/speakers-detail/']").first();
    const href = await link.getAttribute("href");
    await link.click();
    await expect(page).toHaveURL(href!);
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
    // Back on the home page, rendered by React this time, the sections are all there.
    await page.goBack();
    await expect(page.getByRole("heading", { name: "Meet our Guests", exact: true })).toBeVisible();
    await expect(page.locator("section#news").getByRole("article")).toHaveCount(3);
    expect(problems).toEqual([]);
  });
});

test.describe("the first load (issue 19)", () => {
  test("the page's hydration data leaves out the sections React does not hydrate; its .data file keeps them", async ({
    request,
  }) => {
    const html = await (await request.get("/")).text();
    const hydration = html.slice(html.indexOf("window.__reactRouterContext.streamController.enqueue"));
    expect(hydration).toContain('island-data:\\"');
    // (The speakers' names stay: the JSON-LD names them as performers.)
    for (const text of [features[0]!.title, news[0]!.title, "Click / Press to Register"]) {
      expect(hydration, text).not.toContain(text);
      expect(html, text).toContain(text.replace(/&/g, "&amp;"));
    }
    // The schedule is hydrated, so its sessions are in the hydration data.
    expect(hydration).toContain(days[0]!.sessions.find((session) => !/[&<>]/.test(session.title))!.title);
    const data = await (await request.get("/_root.data")).text();
    expect(data).toContain(features[0]!.title);
  });

  test("the heading font and the page's code are fetched once the page has painted, the font as one file", async ({
    page,
  }) => {
    const fonts: string[] = [];
    page.on("request", (r) => void (r.resourceType() === "font" && fonts.push(new URL(r.url()).pathname)));
    await page.goto("/");
    await ready(page);
    // Not preloaded: fetched after the first paint (docs/decisions/035), then the headings use it.
    await expect(page.locator('link[rel="preload"][as="font"]')).toHaveCount(0);
    await expect(page.locator("html")).toHaveClass(/\bheading-font\b/);
    await expect
      .poll(() => page.evaluate(() => document.fonts.check('600 1em "Fraunces"', "Wrapped in Grace – “Nets”")))
      .toBe(true);
    expect(fonts).toEqual([expect.stringMatching(/fraunces-basic-600-[\w-]+\.woff2$/)]);
    const { paint, font, scripts } = await page.evaluate(() => {
      const resources = performance.getEntriesByType("resource");
      return {
        paint: performance.getEntriesByName("first-contentful-paint")[0]!.startTime,
        font: resources.find((e) => e.name.includes("fraunces-basic"))!.startTime,
        scripts: resources.filter((e) => e.name.endsWith(".js")).map((e) => e.startTime),
      };
    });
    expect(font).toBeGreaterThan(paint);
    expect(scripts.length).toBeGreaterThan(0);
    for (const start of scripts) expect(start).toBeGreaterThan(paint);
    expect(await page.evaluate(() => getComputedStyle(document.querySelector("h1, h2")!).fontFamily)).toMatch(
      /^"?Fraunces/,
    );
  });

  test("a heading with a rarer sign or an accent still shows it in the heading font, from the second file", async ({
    page,
  }) => {
    await page.goto("/");
    await ready(page);
    const second = page.waitForRequest(/fraunces-latin-600-[\w-]+\.woff2$/);
    const loaded = await page.evaluate(async () => {
      const heading = Object.assign(document.createElement("h2"), { textContent: "Café #1: 500+ @ home" });
      document.querySelector("main")!.append(heading);
      await document.fonts.load('600 1em "Fraunces"', "é#+@");
      return document.fonts.check('600 1em "Fraunces"', "é#+@");
    });
    await second;
    expect(loaded).toBe(true);
  });

  test("the app manifest is named once the page is idle, not beside the first paint", async ({ page, request }) => {
    // In the HTML it is named only inside <noscript>, which a browser running scripts does not parse.
    const html = await (await request.get("/")).text();
    expect(html.match(/<link rel="manifest"[^>]*>/g)).toHaveLength(1);
    expect(html).toContain('<noscript><link rel="manifest" href="/manifest.webmanifest"/>');
    await page.goto("/");
    await ready(page);
    await expect(page.locator('head > link[rel="manifest"]')).toHaveAttribute("href", "/manifest.webmanifest");
  });
});

test.describe("entrance animations", () => {
  test("only what is below the viewport after hydration waits, and it appears when scrolled to", async ({ page }) => {
    await page.goto("/");
    await ready(page);
    await expect(page.locator("section#home [data-reveal]")).toHaveCount(0);
    const firstFeature = page.getByRole("region", { name: "What awaits you" }).getByRole("listitem").first();
    await expect(firstFeature).toHaveAttribute("data-reveal", "waiting");
    await firstFeature.scrollIntoViewIfNeeded();
    await expect(firstFeature).toHaveAttribute("data-reveal", "shown");
    await expect(firstFeature).toHaveCSS("opacity", "1");
  });

  test("nothing is hidden under reduced motion", async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.goto("/");
    await ready(page);
    await expect(page.locator("[data-reveal]")).toHaveCount(0);
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("every schedule day is readable and nothing waits to appear", async ({ page }) => {
    await page.goto("/");
    await expect(page.locator(".start-screen")).toBeHidden({ timeout: 3000 });
    await expect(page.getByRole("heading", { level: 1, name: "Wrapped in Grace Conference" })).toBeVisible();
    const schedule = page.locator("section#schedule");
    for (const day of days) {
      await expect(schedule.getByRole("heading", { name: new RegExp(`^${day.label}:`) })).toBeVisible();
      for (const session of day.sessions) {
        await expect(schedule.getByRole("link", { name: session.title, exact: true })).toBeVisible();
      }
    }
    await expect(page.locator("[data-reveal]")).toHaveCount(0);
  });

  test("the headings are in the heading font from the start", async ({ page }) => {
    await page.goto("/");
    await expect(page.locator("h1").first()).toHaveCSS("font-family", /^"?Fraunces/);
  });

  test("the HTML names the app manifest (with JavaScript the page names it once idle)", async ({ page }) => {
    await page.goto("/");
    await expect(page.locator('head link[rel="manifest"]')).toHaveAttribute("href", "/manifest.webmanifest");
  });
});

test.describe("pre-rendered HTML", () => {
  for (const pathname of HOMES) {
    test(`build/client${pathname === "/" ? "" : pathname}/index.html holds every section's text`, () => {
      const file = path.resolve(import.meta.dirname, "../../build/client", `.${pathname}`, "index.html");
      const html = readFileSync(file, "utf8").replace(/<!-- -->/g, "");
      for (const text of [
        "Wrapped in Grace",
        "300 Seats",
        "4 Speakers",
        "View Our Promotions",
        "The conference opens in",
        "Click to Register",
        ...features.map((f) => f.title),
        "Meet our Guests",
        ...speakers.map((s) => s.name),
        ...days.flatMap((d) => [d.label, ...d.sessions.map((s) => s.title)]),
        "Nets of Prayer",
        "16 March 2025",
        "Click / Press to Register",
        "Latest News",
        ...news.map((p) => `${p.comments} Comments`),
      ]) {
        expect(html, text).toContain(text.replace(/&/g, "&amp;"));
      }
      // The countdown's values come after hydration: the build's clock is not the visitor's.
      expect(html.match(/>--</g)).toHaveLength(4);
    });
  }
});
