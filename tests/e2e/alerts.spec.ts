/**
 * Issue 44, part 2, and issue 51, item 5: "Tell me if my sessions change". On a production server of its own
 * (E2E_PORT + 220, its own embedded database) with a fake mail server (E2E_PORT + 221), at 412 px: /agenda takes
 * an address with no private link made first, the confirmation mail arrives, its link opens the site's own
 * /alerts page (styled as the site; opening it acts on nothing, its button confirms: screenshot
 * docs/screenshots/alerts-confirmed-412.png), and /agenda and its devices dialog then say that alerts are on, for
 * which address, and stop them. A session's page subscribes through a dialog and stars the session. Then the
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

/** The mailed link of the last mail to `to`: the site's /alerts page with the token in its fragment. */
function mailedLink(to: string, kind: "confirm" | "stop" = "confirm") {
  const mail = smtp.received.findLast((m) => m.to.includes(to));
  const link = new RegExp(`(http://127\\.0\\.0\\.1:\\d+/alerts#${kind}=[\\w-]+)`).exec(mailText(mail!.raw))?.[1];
  expect(link, `the ${kind} link mailed to ${to}`).toBeDefined();
  return link!;
}

test.describe("at 412 px", () => {
  test.use({ viewport: { width: 412, height: 915 } });

  test("subscribed from /agenda with no private link; the mailed link opens the site's page, which confirms; the agenda says so and stops", async ({
    page,
    context,
    problems,
  }) => {
    await page.goto(`${site.url}/schedule`);
    await ready(page);
    const star = page.getByRole("button", { name: `My agenda: ${SESSION}` }).first();
    await star.click();
    await expect(star).toHaveAttribute("aria-pressed", "true");
    await page.goto(`${site.url}/agenda`);
    await ready(page);
    // Where the star is: no dialog, no private link to make first.
    const alerts = page.getByRole("region", { name: "Tell me if my sessions change" });
    await alerts.getByLabel("E-mail address").fill("ann@example.org");
    await alerts.getByRole("button", { name: "Tell me by e-mail" }).click();
    const said = alerts.getByRole("status");
    await expect(said).toHaveText(/Check your inbox: open the link we sent to ann@example\.org/);
    await expect(said).toBeFocused();
    await expect(alerts).toContainText("Waiting for your confirmation: open the link we sent to ann@example.org");
    await expect(alerts.getByRole("button", { name: "Cancel to ann@example.org" })).toBeVisible();
    // The agenda was kept on the server quietly: the visitor never saw its link.
    await expect(page.getByText(/private link/i)).toHaveCount(0);
    const secret = await page.evaluate(() => localStorage.getItem("myAgendaKept"));
    expect(secret).toMatch(/^[\w-]{32}$/);
    await expectNoAxeViolations(page);

    await expect.poll(() => smtp.received.length, { timeout: 15_000 }).toBe(1);
    expect(smtp.received[0]!.to).toEqual(["ann@example.org"]);
    const link = mailedLink("ann@example.org");

    // The link, opened from the mail in a new tab: the site's own page, which asks first.
    const mailed = await context.newPage();
    await mailed.goto(link);
    await ready(mailed);
    await expect(mailed.getByRole("heading", { name: "Alerts", level: 1 })).toBeVisible();
    await expect(mailed.getByRole("banner")).toBeVisible();
    await expect(mailed.getByRole("contentinfo")).toBeAttached();
    const looks = await mailed.evaluate(() => ({
      background: getComputedStyle(document.body).backgroundColor,
      heading: getComputedStyle(document.querySelector("h2")!).fontFamily,
      body: getComputedStyle(document.body).fontFamily,
    }));
    expect(looks.background).toBe("rgb(251, 248, 243)"); // paper
    expect(looks.heading).toMatch(/^"?Fraunces/); // the site's serif
    expect(looks.body).toMatch(/^system-ui/);
    await expect(mailed.getByRole("heading", { name: "Confirm your alerts" })).toBeVisible();
    // Opening it (what a mail scanner does) confirmed nothing.
    const before = await (await mailed.request.get(`${site.url}/api/agendas/${secret}/alerts`)).json();
    expect(before).toMatchObject({ emails: [{ email: "ann@example.org", confirmed: false }] });
    await expectNoAxeViolations(mailed);

    await mailed.getByRole("button", { name: "Yes, tell me" }).click();
    const confirmed = mailed.getByRole("heading", { name: "Alerts confirmed" });
    await expect(confirmed).toBeFocused();
    const card = mailed.locator("[data-alert-link]");
    await expect(card).toContainText("We will write to ann@example.org when a session you starred moves");
    await expect(card).toContainText("To stop:");
    await expect(card.getByRole("button", { name: "Stop these alerts" })).toBeVisible();
    await expectNoAxeViolations(mailed);
    await mailed.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await mailed.screenshot({ path: "docs/screenshots/alerts-confirmed-412.png" });

    // Back on the agenda's tab: it read the alerts again (the other tab said they changed).
    await page.bringToFront();
    await expect(alerts).toContainText("Alerts are on for ann@example.org");
    await expect(alerts).toContainText("ends with a link that stops it in one click");
    await expect(alerts.getByLabel("E-mail address")).toHaveCount(0);
    await expectNoAxeViolations(page);

    // The devices dialog says the same.
    await page.getByRole("button", { name: "On my other devices" }).click();
    const dialog = page.getByRole("dialog", { name: "My agenda on my other devices" });
    await expect(dialog.getByRole("region", { name: "Tell me if my sessions change" })).toContainText(
      "Alerts are on for ann@example.org",
    );
    await dialog.getByRole("button", { name: "Close" }).click();

    // And it stops from the agenda, the focus on what was done.
    await alerts.getByRole("button", { name: "Stop alerts to ann@example.org" }).click();
    await expect(said).toHaveText("Stopped: nothing more is sent to ann@example.org.");
    await expect(said).toBeFocused();
    await expect(alerts.getByLabel("E-mail address")).toBeVisible();
    expect(await (await page.request.get(`${site.url}/api/agendas/${secret}/alerts`)).json()).toMatchObject({
      emails: [],
    });
    await expectNoAxeViolations(page);
    expect(problems).toEqual([]);
  });

  test("on a session's page: the alerts' dialog subscribes and stars the session", async ({ page, problems }) => {
    await page.goto(`${site.url}/event-detail/1/3`);
    await ready(page);
    // The star with its words ("My agenda", the title for screen readers).
    const star = page.getByRole("button", { name: new RegExp(`^My agenda ?: ${SESSION}$`) });
    await expect(star).toHaveAttribute("aria-pressed", "false");
    await page.getByRole("button", { name: "Tell me if my sessions change" }).click();
    const dialog = page.getByRole("dialog", { name: "Tell me if my sessions change" });
    await expect(dialog.getByLabel("E-mail address")).toBeFocused();
    await expect(dialog).toContainText(`Subscribing adds “${SESSION}” to your agenda`);
    await dialog.getByLabel("E-mail address").fill("bob@example.org");
    await dialog.getByRole("button", { name: "Tell me by e-mail" }).click();
    await expect(dialog.getByRole("status")).toHaveText(/open the link we sent to bob@example\.org/);
    await expect(dialog.getByRole("status")).toBeFocused();
    await expectNoAxeViolations(page);
    await dialog.getByRole("button", { name: "Close" }).click();
    await expect(star).toHaveAttribute("aria-pressed", "true");
    await expect
      .poll(() => smtp.received.some((m) => m.to.includes("bob@example.org")), { timeout: 15_000 })
      .toBe(true);

    // The confirmation's "stop" link works before it is confirmed as well.
    await page.goto(mailedLink("bob@example.org", "stop"));
    await ready(page);
    await page.getByRole("button", { name: "Stop the alerts" }).click();
    await expect(page.getByRole("heading", { name: "Alerts stopped" })).toBeFocused();
    await expect(page.locator("[data-alert-link]")).toContainText("Nothing more is sent to bob@example.org");
    await expectNoAxeViolations(page);
    expect(problems).toEqual([]);
  });
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
    // A worker woken by a push on a busy machine may take seconds to start.
    await expect
      .poll(shown, { timeout: 30_000 })
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
