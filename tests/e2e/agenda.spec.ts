import { readFile } from "node:fs/promises";
import jsQR from "jsqr";
import type { Page } from "@playwright/test";
import { parseCalendar } from "../../app/lib/schedule/ics";
import { expect, ready, test } from "./fixtures";

const THREE = ["Registration & Welcome", "Opening Worship", "The Grace of Salvation"];
// Day 01 is 24 October 2024 in America/Chicago (UTC-05:00).
const STARTS = ["20241024T130000Z", "20241024T140000Z", "20241024T153000Z"];
const ENDS = ["20241024T140000Z", "20241024T150000Z", "20241024T170000Z"];

async function starThree(page: Page) {
  await page.goto("/schedule");
  await ready(page);
  for (const title of THREE) {
    const star = page.getByRole("button", { name: `My agenda: ${title}` });
    await expect(star).toHaveAttribute("aria-pressed", "false");
    await star.click();
    await expect(star).toHaveAttribute("aria-pressed", "true");
  }
}

const agendaTitles = (page: Page) => page.locator("li[data-session] a").allTextContents();

test("an empty agenda says what it is for, pre-rendered, and hydration keeps that same element", async ({
  page,
  problems,
}) => {
  // Before the load event nothing has hydrated (the code is fetched after it): this is the pre-rendered page.
  await page.goto("/agenda", { waitUntil: "domcontentloaded" });
  const intro = page.getByText("Star the sessions you want to attend on the");
  await expect(intro).toBeVisible();
  const element = await intro.elementHandle();
  await ready(page);
  // Still the same node, so an empty agenda paints no new text after hydration (its LCP stays at first paint).
  expect(await element!.evaluate((node) => node.isConnected)).toBe(true);
  await expect(page.locator("li[data-session]")).toHaveCount(0);
  await starThree(page);
  await page.goto("/agenda");
  await ready(page);
  await expect(intro).toHaveCount(0);
  expect(problems).toEqual([]);
});

test("star three sessions: /agenda lists them and a second tab stays in step", async ({ page, context, problems }) => {
  await starThree(page);
  await page.goto("/agenda");
  await ready(page);
  await expect(page.locator("li[data-session]")).toHaveCount(3);
  expect(await agendaTitles(page)).toEqual(THREE);
  await expect(page.getByRole("heading", { name: /Day 01/ })).toBeVisible();

  const second = await context.newPage();
  await second.goto("/agenda");
  await ready(second);
  await expect(second.locator("li[data-session]")).toHaveCount(3);
  // Unstar in the second tab: the first follows through the storage event.
  await second.getByRole("button", { name: `My agenda: ${THREE[1]}` }).click();
  await expect(page.locator("li[data-session]")).toHaveCount(2);
  expect(problems).toEqual([]);
});

test("the star is on the session page and the speaker page too", async ({ page }) => {
  await page.goto("/event-detail/1/2");
  await ready(page);
  const star = page.getByRole("button", { name: /My agenda/ });
  await star.click();
  await expect(star).toHaveAttribute("aria-pressed", "true");
  await page.getByRole("link", { name: "Samuel Okafor" }).first().click();
  await ready(page);
  await expect(page.getByRole("button", { name: "My agenda: Opening Worship" })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
});

test("share: the link and its QR code carry the three; another browser merges them into its own", async ({
  page,
  browser,
  baseURL,
}) => {
  await starThree(page);
  await page.goto("/agenda");
  await ready(page);
  await page.getByRole("button", { name: "Share" }).click();
  const dialog = page.getByRole("dialog", { name: "Share my agenda" });
  await expect(dialog).toBeVisible();
  const link = await dialog.getByRole("textbox", { name: "Share link" }).inputValue();
  expect(link).toMatch(new RegExp(`^${baseURL}/agenda#[bg][A-Za-z0-9_-]+$`));

  // The QR code (drawn one pixel per module): scale it up without smoothing, then decode with jsQR.
  const canvas = dialog.locator("canvas[data-qr]");
  await expect(canvas).toHaveAttribute("width", /\d+/);
  const image = await canvas.evaluate((qr: HTMLCanvasElement) => {
    const scale = 8;
    const big = document.createElement("canvas");
    big.width = qr.width * scale;
    big.height = qr.height * scale;
    const ctx = big.getContext("2d")!;
    ctx.fillStyle = "#fff"; // lean-qr leaves light modules transparent
    ctx.fillRect(0, 0, big.width, big.height);
    ctx.imageSmoothingEnabled = false;
    ctx.drawImage(qr, 0, 0, big.width, big.height);
    const data = ctx.getImageData(0, 0, big.width, big.height);
    return { width: data.width, height: data.height, data: Array.from(data.data) };
  });
  const decoded = jsQR(Uint8ClampedArray.from(image.data), image.width, image.height);
  expect(decoded?.data).toBe(link);

  // A fresh browser with a selection of its own.
  const other = await browser.newContext();
  const theirs = await other.newPage();
  await theirs.goto("/event-detail/2/1");
  await ready(theirs);
  await theirs.getByRole("button", { name: /My agenda/ }).click();
  await theirs.goto(link);
  await ready(theirs);
  await expect(theirs.getByRole("heading", { name: "A shared agenda" })).toBeVisible();
  expect(await agendaTitles(theirs)).toEqual(THREE);
  await theirs.getByRole("button", { name: "Add these to mine" }).click();
  await expect(theirs.getByRole("status").filter({ hasText: "Added" })).toContainText("4 sessions");
  await theirs.getByRole("button", { name: "Show my agenda" }).click();
  await expect(theirs.getByRole("heading", { name: "My agenda" })).toBeVisible();
  expect(await agendaTitles(theirs)).toEqual([...THREE, "Morning Praise"]);
  await other.close();
});

test("Add to my calendar downloads the three sessions at the right times; the subscription URL returns the same", async ({
  page,
  request,
}) => {
  await starThree(page);
  await page.goto("/agenda");
  await ready(page);
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Add to my calendar" }).click(),
  ]);
  expect(download.suggestedFilename()).toBe("my-agenda.ics");
  const file = parseCalendar(await readFile((await download.path())!, "utf8"));
  expect(file.map((e) => e.SUMMARY)).toEqual(THREE);
  expect(file.map((e) => e.DTSTART)).toEqual(STARTS);
  expect(file.map((e) => e.DTEND)).toEqual(ENDS);

  const href = await page.getByRole("link", { name: /subscription/i }).getAttribute("href");
  expect(href).toMatch(/^\/api\/agenda\.ics\?s=[bg]/);
  const response = await request.get(href!);
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toContain("text/calendar");
  const feed = parseCalendar(await response.text());
  expect(feed.map((e) => [e.SUMMARY, e.DTSTART, e.DTEND, e.UID])).toEqual(
    file.map((e) => [e.SUMMARY, e.DTSTART, e.DTEND, e.UID]),
  );
  expect((await request.get("/api/agenda.ics?s=nonsense")).status()).toBe(400);
});
