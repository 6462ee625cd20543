/**
 * Issue 44, part 2: "Tell me when one of my sessions changes". On a production server of its own (E2E_PORT + 220,
 * its own embedded database) with a fake mail server (E2E_PORT + 221): a kept agenda's dialog takes an address,
 * the confirmation mail arrives, and its link confirms (a GET only asks; the button acts). Then the service
 * worker's push handler: DevTools' `ServiceWorker.deliverPushMessage` delivers what the server pushes
 * (server/alerts/alerts.ts pushPayload), a notification naming the change shows, and its click opens the
 * session's page. (Publishing a change and the mails and pushes it makes: server/alerts/alerts.test.ts.)
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { mailText, startFakeSmtp, type FakeSmtp } from "../fixtures/fake-smtp";
import { expect, expectNoAxeViolations, ready, test } from "./fixtures";
import { startSite, type SiteServer } from "./forms-delivery.helpers";

const PORT = Number(process.env.E2E_PORT ?? 4174) + 220;
const MAIL_PORT = PORT + 1;
const SESSION = "The Grace of Salvation"; // day 1, session 3

test.describe.configure({ mode: "serial" });

let site: SiteServer;
let smtp: FakeSmtp;
let dataDir: string;
test.beforeAll(async () => {
  test.setTimeout(120_000);
  dataDir = mkdtempSync(path.join(tmpdir(), "tncc-e2e-alerts-"));
  smtp = await startFakeSmtp(MAIL_PORT);
  site = await startSite(PORT, {
    DATA_DIR: dataDir,
    SITE_URL: `http://127.0.0.1:${PORT}`,
    SMTP_URL: smtp.url,
    MAIL_FROM: "TNCC <info@tncc.example.org>",
  });
});
test.afterAll(async () => {
  await site?.stop();
  await smtp?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

test("a kept agenda's alerts: the address gets a confirmation mail, and its link confirms", async ({ page }) => {
  await page.goto(`${site.url}/schedule`);
  await ready(page);
  const star = page.getByRole("button", { name: `My agenda: ${SESSION}` }).first();
  await star.click();
  await expect(star).toHaveAttribute("aria-pressed", "true");
  await page.goto(`${site.url}/agenda`);
  await ready(page);
  await page.getByRole("button", { name: "Keep my agenda on my other devices" }).click();
  const dialog = page.getByRole("dialog", { name: "My agenda on my other devices" });
  await dialog.getByRole("button", { name: "Make the private link" }).click();
  const alerts = dialog.getByRole("region", { name: "Tell me when one of my sessions changes" });
  await alerts.getByLabel("E-mail address").fill("ann@example.org");
  await alerts.getByRole("button", { name: "Tell me by e-mail" }).click();
  await expect(alerts.getByRole("status")).toHaveText(/Check your inbox: open the link we sent to ann@example\.org/);
  await expectNoAxeViolations(page);

  await expect.poll(() => smtp.received.length, { timeout: 15_000 }).toBe(1);
  const [mail] = smtp.received;
  expect(mail!.to).toEqual(["ann@example.org"]);
  const link = /(http:\/\/127\.0\.0\.1:\d+\/api\/alerts\/confirm\?t=[\w%-]+)/.exec(mailText(mail!.raw))?.[1];
  expect(link).toBeDefined();
  await page.goto(link!);
  await page.getByRole("button", { name: "Yes, tell me" }).click();
  await expect(page.getByRole("heading", { name: "Alerts confirmed" })).toBeVisible();
});

test.describe("the service worker's push handler", () => {
  test.use({ serviceWorkers: "allow" });

  test("shows a notification naming the change, and its click opens the session", async ({ page, context }) => {
    await context.grantPermissions(["notifications"], { origin: site.url });
    const cdp = await context.newCDPSession(page);
    const registrations = new Map<string, string>();
    cdp.on("ServiceWorker.workerRegistrationUpdated", ({ registrations: list }) => {
      for (const r of list) if (!r.isDeleted) registrations.set(r.scopeURL, r.registrationId);
    });
    await cdp.send("ServiceWorker.enable");
    await page.goto(`${site.url}/agenda`);
    await ready(page);
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await expect.poll(() => registrations.get(`${site.url}/`), { timeout: 15_000 }).toBeDefined();
    // The worker controls the page (clientsClaim), so a click can move it.
    await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);

    const payload = {
      title: `Changed: ${SESSION}`,
      body: "Moved: was Thu 24 Oct 10:30, now Thu 24 Oct 12:15",
      url: "/event-detail/1/3",
      tag: "session-changes",
    };
    await cdp.send("ServiceWorker.deliverPushMessage", {
      origin: site.url,
      registrationId: registrations.get(`${site.url}/`)!,
      data: JSON.stringify(payload),
    });
    const worker = context.serviceWorkers().find((w) => w.url().startsWith(site.url))!;
    expect(worker).toBeDefined();
    const shown = () =>
      worker.evaluate(async () => {
        const scope = self as unknown as {
          registration: { getNotifications(): Promise<{ title: string; body: string; data: unknown }[]> };
        };
        return (await scope.registration.getNotifications()).map((n) => ({
          title: n.title,
          body: n.body,
          data: n.data,
        }));
      });
    await expect
      .poll(shown, { timeout: 10_000 })
      .toEqual([{ title: payload.title, body: payload.body, data: { url: "/event-detail/1/3" } }]);

    // A click on it (the event the browser dispatches, made in the worker): the page goes to the session.
    await worker.evaluate(async () => {
      const scope = self as unknown as {
        registration: { getNotifications(): Promise<Notification[]> };
        dispatchEvent(event: Event): boolean;
      };
      const [notification] = await scope.registration.getNotifications();
      const Click = (self as unknown as { NotificationEvent: new (type: string, init: object) => Event })
        .NotificationEvent;
      scope.dispatchEvent(new Click("notificationclick", { notification }));
    });
    await expect(page).toHaveURL(`${site.url}/event-detail/1/3`, { timeout: 10_000 });
    await expect(page.getByRole("heading", { name: SESSION, level: 1 })).toBeVisible();
    await expect.poll(shown).toEqual([]);
  });
});
