/**
 * One clock (issue 62, item 4): on a phone set to another zone (Tokyo), the organisers' pages tell every time in
 * the event's zone (content's America/Chicago) with its abbreviation, in the mails' format: "Tue 1 Dec 2026,
 * 18:23 CST", never the device's zone or a 12-hour clock. The functions behind the Box office, the door, the
 * buyer's page and the mails are checked together in tests/integration/one-clock.test.ts.
 */
import { ORGANISER } from "./admin-accounts";
import { expect as baseExpect, ready, test } from "./fixtures";

// A sign-in costs a deliberately slow scrypt: answers may take longer than 5 s on a busy machine.
test.slow();
const expect = baseExpect.configure({ timeout: 20_000 });
test.use({ viewport: { width: 412, height: 915 }, timezoneId: "Asia/Tokyo" });

/** "Tue 1 Dec 2026, 18:23 CST" (or CDT in summer): the event's zone, 24-hour. */
const EVENT_CLOCK = /(Mon|Tue|Wed|Thu|Fri|Sat|Sun) \d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2} C[SD]T/;

test("@phone the Organisers tab and the Inbox tell times on the event's clock, not the phone's", async ({ page }) => {
  // A contact message, to have a time in the Inbox.
  const marker = `e2e-clock-${Date.now().toString(36)}`;
  await page.goto("/contact");
  await ready(page);
  const form = page.locator('form[action="/api/forms/contact"]');
  await form.locator('[name="name"]').fill("Ada Visitor");
  await form.locator('[name="phone"]').fill("5550199");
  await form.locator('[name="email"]').fill(`${marker}@example.org`);
  await form.locator('[name="subject"]').fill("What time is it?");
  await form.locator('[name="message"]').fill(`Hello, this is ${marker}.`);
  await form.locator("[type=submit]").click();
  await expect(page.locator(".Toastify__toast").first()).toBeVisible();

  await page.goto("/admin?tab=organisers");
  await ready(page);
  await page.getByLabel("E-mail").fill(ORGANISER.email);
  await page.getByLabel("Password").fill(ORGANISER.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  const me = page
    .getByRole("list", { name: "Who has access" })
    .getByRole("listitem")
    .filter({ hasText: ORGANISER.email });
  await expect(me).toContainText(/last signed in /);
  const said = (await me.textContent()) ?? "";
  expect(said).toMatch(EVENT_CLOCK);
  expect(said).not.toMatch(/AM|PM|JST|GMT\+9/);

  await page.goto(`/admin?tab=contact&q=${marker}`);
  const row = page.getByRole("list", { name: "Contact" }).getByRole("listitem");
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(EVENT_CLOCK);
});
