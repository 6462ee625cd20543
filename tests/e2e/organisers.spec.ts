/**
 * Issue 41: organisers invite organisers by name, and pass the link on with one tap; nothing floats over a
 * field on a phone. On the browser tests' server (no mail: the link is shown to pass on), signed in with the
 * account playwright.config.ts creates.
 */
import type { Page } from "@playwright/test";
import { ORGANISER } from "./admin-accounts";
import { expect as baseExpect, expectNoAxeViolations, ready, test } from "./fixtures";

// A sign-in costs a deliberately slow password hash.
test.slow();
const expect = baseExpect.configure({ timeout: 20_000 });

async function signIn(page: Page) {
  await page.goto("/admin?tab=organisers");
  await ready(page);
  await page.getByLabel("E-mail").fill(ORGANISER.email);
  await page.getByLabel("Password").fill(ORGANISER.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByText(`Signed in as ${ORGANISER.name}`)).toBeVisible();
}

/** Invites `email` (and their name); answers the link, shown where the eye is. */
async function invite(page: Page, email: string, name?: string) {
  await page.goto("/admin?tab=organisers");
  await page.getByLabel("Their e-mail address").fill(email);
  if (name) await page.getByLabel("Their name (optional)").fill(name);
  await page.getByRole("button", { name: "Send the invitation" }).click();
  const link = page.getByLabel("Invitation link");
  // The focus moves to the link (so it is scrolled into view), its text all selected.
  await expect(link).toBeFocused();
  await expect(link).toBeInViewport();
  return link;
}

test("@phone invite by name: the link takes the focus, Copy link copies it, the invitee's name is offered and listed", async ({
  page,
  browser,
  context,
}) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  const email = `named-${Date.now().toString(36)}@example.org`;
  await signIn(page);
  const link = await invite(page, email, "Kofi");
  const url = await link.inputValue();
  expect(url).toMatch(/\/admin\?invite=[\w-]{40,}$/);

  const copy = page.getByRole("button", { name: "Copy link" });
  expect((await copy.boundingBox())!.height).toBeGreaterThanOrEqual(44);
  await copy.click();
  await expect(page.getByRole("status").filter({ hasText: "Copied" })).toHaveText(
    "Copied: paste it into a message to them.",
  );
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
  await expect(page.getByText(`Kofi, ${email}, until`)).toBeVisible();
  await expectNoAxeViolations(page);

  // The invitee finds the name suggested, gives their own, and is listed by it.
  const invitee = await (await browser.newContext({ viewport: page.viewportSize() })).newPage();
  await invitee.goto(new URL(url).pathname + new URL(url).search);
  await ready(invitee);
  const name = invitee.getByLabel("Your name (as the other organisers will see it)");
  await expect(name).toHaveValue("Kofi");
  await name.fill("Kofi Boateng");
  await invitee.getByLabel(/^Password \(at least/).fill("invited organiser password");
  await invitee.getByLabel("Password again").fill("invited organiser password");
  await invitee.getByRole("button", { name: "Create my account" }).click();
  // Accepting signs the new organiser in (issue 53).
  await expect(invitee.getByText("Your account is ready: you are signed in as Kofi Boateng.")).toBeVisible();
  await invitee.close();

  await page.reload();
  await ready(page);
  const listed = page.getByRole("list", { name: "Who has access" }).getByRole("listitem").filter({ hasText: email });
  await expect(listed.locator("strong")).toHaveText("Kofi Boateng");
  // The organiser made with `admin:add --name` is listed by that name.
  await expect(
    page.getByRole("list", { name: "Who has access" }).getByRole("listitem").filter({ hasText: ORGANISER.email }),
  ).toContainText(`${ORGANISER.name} (you)`);
  await page.getByRole("button", { name: "Remove Kofi Boateng" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Remove Kofi Boateng" }).click();
});

test("@phone when the browser refuses the clipboard, the link is selected and the organiser told how to copy it", async ({
  page,
}) => {
  await signIn(page);
  const link = await invite(page, `refused-${Date.now().toString(36)}@example.org`);
  await page.evaluate(() => {
    navigator.clipboard.writeText = () => Promise.reject(new DOMException("Not allowed", "NotAllowedError"));
  });
  await link.blur();
  await page.getByRole("button", { name: "Copy link" }).click();
  await expect(page.getByRole("status").filter({ hasText: "did not allow copying" })).toContainText(
    "The link is selected: copy it with your device's Copy",
  );
  await expect(link).toBeFocused();
  const selected = await link.evaluate((input: HTMLInputElement) =>
    input.value.slice(input.selectionStart ?? 0, input.selectionEnd ?? 0),
  );
  expect(selected).toBe(await link.inputValue());
});

test("@phone nothing floats over a field: no back-to-top button on /admin, none while typing elsewhere", async ({
  page,
}) => {
  await signIn(page);
  await page.evaluate(() => window.scrollTo({ top: document.body.scrollHeight, behavior: "instant" }));
  await expect(page.getByRole("button", { name: "Scroll to top" })).toHaveCount(0);
  const email = page.getByLabel("Their e-mail address");
  await email.fill("someone.with.a.long.address@example.org");
  // The field's end is not covered: a tap there reaches the field (Playwright's hit test fails on a cover).
  const box = (await email.boundingBox())!;
  await email.click({ position: { x: box.width - 6, y: box.height / 2 }, trial: true, timeout: 5_000 });

  // On a visitor's page the button shows once scrolled, and hides while a field has the focus.
  await page.goto("/contact");
  await ready(page);
  await page.evaluate(() => window.scrollTo({ top: 400, behavior: "instant" }));
  const up = page.getByRole("button", { name: "Scroll to top" });
  await expect(up).toBeVisible();
  await page.locator('form[action="/api/forms/contact"] [name="email"]').focus();
  await expect(up).toBeHidden();
  await page.locator('form[action="/api/forms/contact"] [name="email"]').blur();
  await expect(up).toBeVisible();
});
