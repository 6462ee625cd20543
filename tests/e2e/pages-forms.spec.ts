import type { Locator, Page } from "@playwright/test";
import { expect, ready, test } from "./fixtures";

/** Fill every field, break one, check the browser keeps what was typed; then fix it and expect the toast. */
async function checkForm(
  page: Page,
  form: Locator,
  fields: Record<string, string>,
  invalid: { field: string; value: string },
  submit: string,
  message: string,
) {
  for (const [name, value] of Object.entries(fields)) await form.getByLabel(name, { exact: true }).fill(value);
  const broken = form.getByLabel(invalid.field, { exact: true });
  await broken.fill(invalid.value);
  await form.getByRole("button", { name: submit }).click();
  await expect(broken).toHaveValue(invalid.value);
  expect(await broken.evaluate((el: HTMLInputElement) => el.validity.valid)).toBe(false);
  await expect(page.getByRole("alert").filter({ hasText: message })).toHaveCount(0);
  expect(page.url()).not.toContain("?");

  await broken.fill(fields[invalid.field] ?? "");
  await form.getByRole("button", { name: submit }).click();
  await expect(page.getByRole("alert").filter({ hasText: message })).toBeVisible();
  for (const name of Object.keys(fields)) await expect(form.getByLabel(name, { exact: true })).toHaveValue("");
  expect(page.url()).not.toContain("?");
}

test.describe("forms of the pages", () => {
  test("FAQ question form: validation, then 'Thanks for your Message!'", async ({ page, problems }) => {
    await page.goto("/faqs");
    await ready(page);
    await checkForm(
      page,
      page.getByRole("form", { name: "Ask a question" }),
      { Name: "Ada", "E-mail": "ada@example.org", Subject: "Parking", "Question detail": "Is there parking?" },
      { field: "E-mail", value: "ada-at-example" },
      "Send Question",
      "Thanks for your Message!",
    );
    expect(problems).toEqual([]);
  });

  test("contact form: validation, then 'Message Sent!'", async ({ page, problems }) => {
    await page.goto("/contact");
    await ready(page);
    await checkForm(
      page,
      page.getByRole("form", { name: "Contact form" }),
      {
        Name: "Ada",
        "Phone number": "+1 555 0100",
        "E-mail": "ada@example.org",
        Subject: "Groups",
        Message: "We are twelve.",
      },
      { field: "Message", value: "" },
      "Send Message",
      "Message Sent!",
    );
    expect(problems).toEqual([]);
  });

  test("coming-soon e-mail form: validation, then 'Thanks for your Email'", async ({ page, problems }) => {
    await page.goto("/coming-soon");
    await ready(page);
    const form = page.locator("form").filter({ has: page.getByLabel("Your e-mail address") });
    await checkForm(
      page,
      form,
      { "Your e-mail address": "ada@example.org" },
      { field: "Your e-mail address", value: "nope" },
      "Notify Me",
      "Thanks for your Email",
    );
    expect(problems).toEqual([]);
  });

  for (const [path, kind] of [
    ["/home-2", "template"],
    ["/home-3", "template"],
  ] as const) {
    test(`${path}: the newsletter section says 'Thanks for Subscription!' (${kind}), the footer 'Subscribed Successfully!'`, async ({
      page,
      problems,
    }) => {
      await page.goto(path);
      await ready(page);
      const section = page.locator("section", {
        has: page.getByRole("heading", { name: "Subscribe for the latest news" }),
      });
      await checkForm(
        page,
        section.locator("form"),
        { "Your e-mail address": "ada@example.org" },
        { field: "Your e-mail address", value: "ada" },
        "Subscribe",
        "Thanks for Subscription!",
      );
      const footer = page.getByRole("contentinfo");
      await footer.getByRole("textbox", { name: "Newsletter" }).fill("ada@example.org");
      await footer.getByRole("button", { name: "Subscribe" }).click();
      await expect(page.getByRole("alert").filter({ hasText: "Subscribed Successfully!" })).toBeVisible();
      expect(problems).toEqual([]);
    });
  }

  test("login: required fields, password toggle, POST only, button says there are no accounts", async ({
    page,
    problems,
  }) => {
    await page.goto("/login");
    await ready(page);
    const form = page.getByRole("form", { name: "Login" });
    await expect(form).toHaveAttribute("method", "post");
    const password = form.getByLabel("Password", { exact: true });
    await form.getByLabel("Name", { exact: true }).fill("Ada");
    await password.fill("s3cret!");
    await form.getByRole("button", { name: "Login" }).click();
    // E-mail is required: nothing happens, what was typed stays.
    await expect(password).toHaveValue("s3cret!");
    await expect(form.getByLabel("E-mail", { exact: true })).toHaveJSProperty("validity.valueMissing", true);

    const toggle = form.getByRole("button", { name: "Show password" });
    await expect(toggle).toHaveAttribute("aria-pressed", "false");
    await expect(password).toHaveAttribute("type", "password");
    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-pressed", "true");
    await expect(password).toHaveAttribute("type", "text");
    await toggle.click();
    await expect(password).toHaveAttribute("type", "password");

    await expect(form.getByRole("checkbox", { name: "Remember me" })).toBeVisible();
    for (const provider of ["Facebook", "X", "Google"])
      await expect(page.getByRole("button", { name: `Sign in with ${provider} (not available)` })).toBeVisible();

    await form.getByLabel("E-mail", { exact: true }).fill("ada@example.org");
    await form.getByRole("button", { name: "Login" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Sign-in is not available" })).toBeVisible();
    await expect(password).toHaveValue("");
    expect(page.url()).not.toContain("s3cret");
    expect(problems).toEqual([]);
  });
});
