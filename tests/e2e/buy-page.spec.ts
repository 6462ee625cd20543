/**
 * Issue 53, item 6: the buy page a visitor trusts. On a phone (360 and 412 px): the total for plan × quantity,
 * read out politely when it changes; the terms as a link to /terms; the plan menu's words never cut off, the
 * chosen plan's seats on the line under it; no outbound register block, and every "Register" button leading to
 * this site's own /buy-ticket. A site built from content that names an external ticketing page
 * (tests/fixtures/external-ticketing.ts, served on E2E_PORT + 250) shows the register block as the seed had it.
 */
import type { Server } from "node:http";
import type { Page } from "@playwright/test";
import { buildExternalTicketingSite, EXTERNAL_TICKETING_URL } from "../fixtures/external-ticketing";
import { serveBuild, stopServer } from "../fixtures/serve-build";
import { cardOnlyMessage } from "../../app/lib/tickets/orders";
import { content } from "./content";
import { expect, expectNoAxeViolations, ready, test } from "./fixtures";

const { currency, plans } = content.ticketPlans;
const family = plans.find((p) => p.id === "family")!;
const group = plans.find((p) => p.id === "group")!;
// "$118": the content's prices times a quantity, written out here as a visitor reads them.
const money = (amount: number) => `$${Number.isInteger(amount) ? amount.toLocaleString("en-US") : amount.toFixed(2)}`;

const form = (page: Page) => page.getByRole("form", { name: "Ticket purchase" });
const total = (page: Page) => form(page).locator("[data-order-total]");

/**
 * Words the visitor cannot read whole at this width: the page scrolling sideways, a box whose text overflows
 * it (clipped or "…"), or an option of the plan menu wider than the closed menu's room for it.
 */
async function cutOffText(page: Page): Promise<string[]> {
  await page.evaluate(() => document.fonts.ready);
  return page.evaluate(() => {
    const found: string[] = [];
    if (document.documentElement.scrollWidth > window.innerWidth)
      found.push(`page is ${document.documentElement.scrollWidth} px wide in ${window.innerWidth}`);
    for (const element of document.querySelectorAll<HTMLElement>("main *")) {
      const style = getComputedStyle(element);
      if (element.scrollWidth > element.clientWidth + 1 && style.overflowX !== "visible" && element.clientWidth > 0)
        found.push(`${element.tagName.toLowerCase()} "${element.textContent?.trim().slice(0, 40)}" overflows`);
    }
    const canvas = document.createElement("canvas").getContext("2d")!;
    for (const select of document.querySelectorAll<HTMLSelectElement>("main select")) {
      const style = getComputedStyle(select);
      canvas.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      // The closed menu's room: its width less its padding and the arrow (about 24 px).
      const room = select.clientWidth - parseFloat(style.paddingInlineStart) - parseFloat(style.paddingInlineEnd) - 24;
      for (const option of select.options) {
        const width = canvas.measureText(option.text).width;
        if (width > room) found.push(`option "${option.text}" needs ${Math.ceil(width)} px of ${Math.floor(room)}`);
      }
    }
    return found;
  });
}

for (const width of [360, 412]) {
  test.describe(`on a ${width} px phone`, () => {
    test.use({ viewport: { width, height: 800 }, isMobile: true, hasTouch: true });

    test("the total follows the plan and the quantity, politely announced, in the plan's currency", async ({
      page,
      problems,
    }) => {
      expect(currency).toBe("USD");
      await page.goto("/buy-ticket?plan=family");
      await ready(page);
      await expect(total(page)).toHaveAttribute("aria-live", "polite");
      await expect(total(page)).toHaveText(`Total: ${money(family.price)}, 1 × Family at ${money(family.price)}`);
      await form(page).getByLabel("Quantity").fill("2");
      await expect(total(page)).toHaveText(`Total: ${money(family.price * 2)}, 2 × Family at ${money(family.price)}`);
      await form(page).getByLabel("Plan").selectOption("group");
      await expect(total(page)).toContainText(`Total: ${money(group.price * 2)}, 2 × Group`);
      // More than one order may take: said instead of a total the box office would refuse.
      await form(page)
        .getByLabel("Quantity")
        .fill(String(group.maxPerOrder + 1));
      await expect(total(page)).toHaveText(`Total: choose from 1 to ${group.maxPerOrder} of the Group plan.`);
      await form(page).getByLabel("Quantity").fill("");
      await expect(total(page)).toContainText("choose from 1 to");
      expect(problems).toEqual([]);
    });

    test("the plan's seats are on the line under its name, nothing is cut off, and the terms are a link", async ({
      page,
      problems,
    }) => {
      await page.goto("/buy-ticket?plan=family");
      await ready(page);
      const plan = form(page).getByLabel("Plan");
      await expect(plan.locator("option[value=family]")).toHaveText(`Family: ${money(family.price)} (5 tickets)`);
      // The availability answer came: the seats are said under the menu, and describe it.
      await expect(plan).toHaveAccessibleDescription(/^\d+ seats? left$|^Sold out$/);
      const [menu, seats] = await Promise.all([
        plan.boundingBox(),
        form(page)
          .getByText(/^\d+ seats? left$/)
          .boundingBox(),
      ]);
      expect(seats!.y).toBeGreaterThanOrEqual(menu!.y + menu!.height);
      expect(await cutOffText(page)).toEqual([]);
      await page.screenshot({ path: test.info().outputPath(`buy-ticket-${width}.png`), fullPage: true });

      // No outbound register block by default: this form is the one way to register.
      await expect(page.getByRole("complementary", { name: "Register online" })).toHaveCount(0);
      await expect(page.locator("main a[target=_blank]", { hasText: "Register" })).toHaveCount(0);
      await expectNoAxeViolations(page);

      const terms = form(page).getByRole("link", { name: "terms and conditions" });
      await expect(terms).toHaveAttribute("href", "/terms");
      // Opened beside the form: what was typed stays.
      await expect(terms).toHaveAttribute("target", "_blank");
      await expect(form(page).getByRole("checkbox", { name: /I accept the terms and conditions/ })).toBeVisible();
      const [tab] = await Promise.all([page.context().waitForEvent("page"), terms.click()]);
      await tab.waitForLoadState();
      await ready(tab);
      await expect(tab).toHaveURL(/\/terms$/);
      await expect(tab.getByRole("heading", { level: 1, name: content.terms.title })).toBeVisible();
      await expect(tab.getByRole("heading", { level: 2, name: "Transfers and refunds" })).toBeVisible();
      expect(await cutOffText(tab)).toEqual([]);
      await expectNoAxeViolations(tab);
      await tab.screenshot({ path: test.info().outputPath(`terms-${width}.png`) });
      expect(problems).toEqual([]);
    });

    test("every Register button leads to this site's own /buy-ticket", async ({ page, problems }) => {
      await page.goto("/");
      await ready(page);
      const about = page.locator("section#about").getByRole("link", { name: "Click to Register" });
      await expect(about).toHaveAttribute("href", "/buy-ticket");
      await expect(about).not.toHaveAttribute("target", /.+/);
      await page.getByRole("button", { name: /menu/i }).first().click();
      const menuRegister = page.getByRole("dialog").getByRole("link", { name: "Register", exact: true });
      await expect(menuRegister).toHaveAttribute("href", "/buy-ticket");
      await menuRegister.click();
      await expect(page).toHaveURL(/\/buy-ticket$/);
      await expect(form(page)).toBeVisible();
      expect(problems).toEqual([]);
    });
  });
}

test.describe("with an external ticketing page in content", () => {
  const PORT = Number(process.env.E2E_PORT ?? 4174) + 250;
  const ORIGIN = `http://127.0.0.1:${PORT}`;
  let server: Server | undefined;
  test.describe.configure({ mode: "serial" });
  test.use({ viewport: { width: 412, height: 915 }, isMobile: true, hasTouch: true });

  test.beforeAll(async () => {
    test.setTimeout(300_000);
    server = await serveBuild(await buildExternalTicketingSite(), PORT);
  });
  test.afterAll(async () => {
    if (server) await stopServer(server);
  });

  // A static server without the box office or announcements behind it: their requests stay open, so the page is
  // waited for until hydrated, not until the network is quiet.
  const hydrated = (page: Page) => page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");

  test("the register block appears under the form, and Click to Register opens that page", async ({ page }) => {
    await page.goto(`${ORIGIN}/buy-ticket`);
    await hydrated(page);
    const block = page.getByRole("complementary", { name: "Register online" });
    const link = block.getByRole("link", { name: "Click to Register (opens in a new tab)" });
    await expect(link).toHaveAttribute("href", EXTERNAL_TICKETING_URL);
    await expect(link).toHaveAttribute("target", "_blank");
    await expect(link).toHaveAttribute("rel", /noopener/);
    // Under the form on a phone.
    const [formBox, blockBox] = await Promise.all([form(page).boundingBox(), block.boundingBox()]);
    expect(blockBox!.y).toBeGreaterThan(formBox!.y + formBox!.height - 1);
    await expect(total(page)).toContainText("Total:");
    await expectNoAxeViolations(page);

    await page.goto(`${ORIGIN}/`);
    await hydrated(page);
    const about = page.locator("section#about").getByRole("link", { name: "Click to Register (opens in a new tab)" });
    await expect(about).toHaveAttribute("href", EXTERNAL_TICKETING_URL);
    await expect(about).toHaveAttribute("target", "_blank");
  });
});

test.describe("a plan no way here can pay (issue 61)", () => {
  test.use({ viewport: { width: 412, height: 800 }, isMobile: true, hasTouch: true });

  test("says so plainly before anyone types, instead of the Buy button", async ({ page, problems }) => {
    const contact = "tickets@example.org or +1 555 0100";
    // The box office's answer for a site whose Family plan takes only cards, with no card provider configured.
    await page.route("**/api/tickets/availability", (route) =>
      route.fulfill({
        json: {
          payments: false,
          contact,
          plans: Object.fromEntries(
            plans.map((p) => [p.id, { left: 10, soldOut: false, methods: p.id === "family" ? [] : ["later"] }]),
          ),
        },
      }),
    );
    await page.goto("/buy-ticket?plan=family");
    await ready(page);
    await expect(form(page).getByTestId("no-card-payments")).toHaveText(cardOnlyMessage(contact));
    await expect(form(page).getByRole("button", { name: "Buy Ticket" })).toHaveCount(0);
    await expectNoAxeViolations(page);
    await page.screenshot({ path: "docs/screenshots/61-card-only-plan-412.png" });
    // Another plan, paid later here, is bought as before.
    await form(page).getByLabel("Plan").selectOption("group");
    await expect(form(page).getByRole("button", { name: "Buy Ticket" })).toBeVisible();
    await expect(form(page).getByTestId("no-card-payments")).toHaveCount(0);
    expect(problems).toEqual([]);
  });
});
