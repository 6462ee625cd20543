/**
 * Issue 44, part 1: one agenda on two devices, without an account. Two browser contexts (two devices, each
 * with its own storage) join one kept agenda by its private link; a star on one shows on the other within
 * 5 s; both go offline, each changes stars, and back online both end with the merged set (per session the
 * latest change wins). The calendar feed keeps its address; "Stop keeping it" deletes the server's copy and
 * every device keeps its stars. Against a production server of its own (E2E_PORT + 200) on its own embedded
 * database. The service worker stays blocked (playwright.config.ts): offline here is the network's.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import jsQR from "jsqr";
import type { BrowserContext, Locator, Page } from "@playwright/test";
import { expect, expectNoAxeViolations, ready, test } from "./fixtures";
import { startSite, type SiteServer } from "./forms-delivery.helpers";

const PORT = Number(process.env.E2E_PORT ?? 4174) + 200;
const [R, O, G, H, W] = [
  "Registration & Welcome",
  "Opening Worship",
  "The Grace of Salvation",
  "Healing That Reaches the Heart",
  "Welcome Evening & Fellowship",
];
const M = "Morning Praise"; // day 2, /event-detail/2/1

test.describe.configure({ mode: "serial" });
test.use({ viewport: { width: 412, height: 915 } });

let site: SiteServer;
let dataDir: string;
test.beforeAll(async () => {
  test.setTimeout(120_000);
  dataDir = mkdtempSync(path.join(tmpdir(), "tncc-e2e-agenda-sync-"));
  site = await startSite(PORT, { DATA_DIR: dataDir, SITE_URL: `http://127.0.0.1:${PORT}` });
});
test.afterAll(async () => {
  await site?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

const titles = (page: Page) => page.locator("li[data-session] a").allTextContents();
/** Pages of a device: uncaught errors are collected (a failed fetch while offline is expected, not an error). */
async function open(context: BrowserContext, url: string, errors: string[]) {
  const page = await context.newPage();
  page.on("pageerror", (error) => errors.push(error.message));
  await page.goto(`${site.url}${url}`);
  await ready(page);
  return page;
}
const starOn = (page: Page, title: string) => page.getByRole("button", { name: `My agenda: ${title}` });
async function toggle(star: Locator, pressed: boolean) {
  await star.click();
  await expect(star).toHaveAttribute("aria-pressed", String(pressed));
}
/** The QR code on the canvas, decoded (lean-qr draws one pixel per module; scaled up without smoothing). */
async function decodeQr(canvas: Locator) {
  await expect(canvas).toHaveAttribute("width", /\d+/);
  const image = await canvas.evaluate((qr: HTMLCanvasElement) => {
    const big = document.createElement("canvas");
    big.width = qr.width * 8;
    big.height = qr.height * 8;
    const ctx = big.getContext("2d")!;
    ctx.fillStyle = "#fff";
    ctx.fillRect(0, 0, big.width, big.height);
    ctx.imageSmoothingEnabled = false;
    ctx.drawImage(qr, 0, 0, big.width, big.height);
    const data = ctx.getImageData(0, 0, big.width, big.height);
    return { width: data.width, height: data.height, data: Array.from(data.data) };
  });
  return jsQR(Uint8ClampedArray.from(image.data), image.width, image.height)?.data;
}

test("two devices share one agenda by its link: live, offline and merged, then stopped", async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const errors: string[] = [];
  const phone = await browser.newContext();
  const laptop = await browser.newContext();

  // The phone stars two sessions, then keeps its agenda.
  const phoneSchedule = await open(phone, "/schedule", errors);
  await toggle(starOn(phoneSchedule, R), true);
  await toggle(starOn(phoneSchedule, O), true);
  const phoneAgenda = await open(phone, "/agenda", errors);
  await phoneAgenda.getByRole("button", { name: "Keep my agenda on my other devices" }).click();
  const dialog = phoneAgenda.getByRole("dialog", { name: "My agenda on my other devices" });
  await expect(dialog.getByRole("button", { name: "Make the private link" })).toBeFocused();
  await expectNoAxeViolations(phoneAgenda);
  await dialog.getByRole("button", { name: "Make the private link" }).click();
  const linkBox = dialog.getByRole("textbox", { name: "Private link" });
  await expect(linkBox).toBeFocused();
  const link = await linkBox.inputValue();
  expect(link).toMatch(new RegExp(`^${site.url}/agenda#keep=[A-Za-z0-9_-]{32}$`));
  expect(await decodeQr(dialog.locator("canvas[data-qr]"))).toBe(link);
  const feed = await dialog.getByRole("textbox", { name: /Calendar subscription/ }).inputValue();
  expect(feed).toBe(`${site.url}/api/agenda.ics?a=${link.split("keep=")[1]}`);
  await expectNoAxeViolations(phoneAgenda);
  await phoneAgenda.screenshot({ path: test.info().outputPath("kept-dialog-412.png") });
  await dialog.getByRole("button", { name: "Close" }).click();
  await expect(phoneAgenda.getByRole("link", { name: "Calendar subscription link" })).toHaveAttribute(
    "href",
    feed.slice(site.url.length),
  );

  // The laptop has a star of its own; opening the link joins the agenda and merges both.
  const laptopSession = await open(laptop, "/event-detail/2/1", errors);
  await toggle(laptopSession.getByRole("button", { name: /My agenda/ }), true);
  const laptopAgenda = await open(laptop, link.slice(site.url.length), errors);
  await expect(laptopAgenda.getByRole("status").filter({ hasText: "now keeps its agenda" })).toBeVisible();
  await expect(laptopAgenda).toHaveURL(`${site.url}/agenda`);
  await expect.poll(() => titles(laptopAgenda)).toEqual([R, O, M]);
  await expect.poll(() => titles(phoneAgenda), { timeout: 5_000 }).toEqual([R, O, M]);

  // A star on the laptop shows on the phone within 5 s; the feed, at the same address, has it too.
  const laptopSchedule = await open(laptop, "/schedule", errors);
  await toggle(starOn(laptopSchedule, G), true);
  await expect.poll(() => titles(phoneAgenda), { timeout: 5_000 }).toEqual([R, O, G, M]);
  const calendar = await request.get(feed);
  expect(calendar.status()).toBe(200);
  expect((await calendar.text()).match(/BEGIN:VEVENT/g)).toHaveLength(4);

  // Both offline: the phone stars H; the laptop stars W and unstars O. Back online, both have the merge.
  await phone.setOffline(true);
  await laptop.setOffline(true);
  await toggle(starOn(phoneSchedule, H), true);
  await toggle(starOn(laptopSchedule, W), true);
  await toggle(starOn(laptopSchedule, O), false);
  await expect.poll(() => titles(phoneAgenda)).toEqual([R, O, G, H, M]);
  await expect.poll(() => titles(laptopAgenda)).toEqual([R, G, W, M]);
  await phone.setOffline(false);
  await laptop.setOffline(false);
  const merged = [R, G, H, W, M];
  await expect.poll(() => titles(phoneAgenda), { timeout: 15_000 }).toEqual(merged);
  await expect.poll(() => titles(laptopAgenda), { timeout: 15_000 }).toEqual(merged);
  await expect(starOn(phoneSchedule, O)).toHaveAttribute("aria-pressed", "false");
  await expect(starOn(laptopSchedule, H)).toHaveAttribute("aria-pressed", "true");
  const after = await request.get(feed);
  expect((await after.text()).match(/BEGIN:VEVENT/g)).toHaveLength(5);

  // Stop keeping it (on the phone): the server's copy is gone, the laptop notices, both keep their stars.
  await phoneAgenda.getByRole("button", { name: "On my other devices" }).click();
  await dialog.getByRole("button", { name: "Stop keeping it" }).click();
  await expect(dialog.getByRole("status").filter({ hasText: "Stopped" })).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Make the private link" })).toBeFocused();
  await dialog.getByRole("button", { name: "Close" }).click();
  expect((await request.get(feed)).status()).toBe(404);
  await expect(laptopAgenda.getByRole("button", { name: "Keep my agenda on my other devices" })).toBeVisible({
    timeout: 15_000,
  });
  expect(await titles(phoneAgenda)).toEqual(merged);
  expect(await titles(laptopAgenda)).toEqual(merged);

  // The old link, opened again, says it is not known; nothing changes.
  const stale = await open(laptop, link.slice(site.url.length), errors);
  await expect(stale.getByRole("status").filter({ hasText: "not known" })).toBeVisible();
  expect(await titles(stale)).toEqual(merged);

  expect(errors).toEqual([]);
  await phone.close();
  await laptop.close();
});
