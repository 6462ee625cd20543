/**
 * Issue 62, item 5, "done when": no word split at 360 and 412 px on the organisers' screens (Box office orders
 * with an order open, People), the door and the buyer's order page, with long names and addresses in them:
 * each text node's words are measured (./word-splits.ts). Against a production server of its own (E2E_PORT +
 * 285, its own embedded database), tickets bought through the fake card provider.
 */
import type { Page } from "@playwright/test";
import type { TicketOrderAnswer } from "../../app/lib/tickets/orders";
import { ORGANISER } from "./admin-accounts";
import { startBoxOfficeSite, type BoxOfficeSite } from "./box-office-site";
import { expect as baseExpect, ready, test } from "./fixtures";
import { wordSplits } from "./word-splits";

// A sign-in costs a deliberately slow scrypt; four screens at two widths.
test.slow();
const expect = baseExpect.configure({ timeout: 20_000 });
test.describe.configure({ mode: "serial" });

const PORT = Number(process.env.E2E_PORT ?? 4174) + 285;
const SECRET = "whsec_e2e_words";
let shop: BoxOfficeSite;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  shop = await startBoxOfficeSite("words", PORT, SECRET);
});
test.afterAll(() => shop?.stop());

/** A paid order through the fake provider; the buyer's order page's address. */
async function buy(name: string, email: string, plan: string, quantity: string): Promise<string> {
  const { site, fake } = shop;
  const res = await fetch(`${site.url}/api/tickets/buy`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: site.url },
    body: JSON.stringify({ name, email, phone: "+1 555 0100", quantity, plan, terms: "on" }),
  });
  expect(res.status, await res.clone().text()).toBe(200);
  const session = fake.created.at(-1)!;
  fake.pay(session.id, { email, name });
  expect((await fake.sendCompleted(site.url, session.id, SECRET)).status).toBe(200);
  const { url } = (await (await fetch(`${site.url}/api/tickets/sessions/${session.id}`)).json()) as { url: string };
  expect(
    ((await (await fetch(`${site.url}/api/tickets/orders/${url.split("/").at(-1)}`)).json()) as TicketOrderAnswer)
      .tickets.length,
  ).toBeGreaterThan(0);
  return new URL(url, site.url).toString();
}

/** The words split on the page now, each named with the screen and width (none expected). */
async function splitsOn(page: Page, screen: string) {
  return (await wordSplits(page)).map((s) => `${screen} at ${page.viewportSize()!.width} px: ${s}`);
}

test("no word split in the middle at 360 and 412 px: Box office, People, the door, the buyer's order page", async ({
  page,
  problems,
}) => {
  const LONG = "Bartholomew Oyelaran-Whitfield";
  const orderPage = await buy(LONG, "bartholomew.oyelaran-whitfield@congregation.example.org", "family", "1");
  await buy("Ama Ofori", "ama.ofori@example.org", "person", "1");
  await buy("Kwame Asante", "kwame.asante@example.org", "person", "2");

  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto(`${shop.site.url}/admin?tab=box-office`);
  await ready(page);
  await page.getByLabel("E-mail").fill(ORGANISER.email);
  await page.getByLabel("Password").fill(ORGANISER.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByText(/^Signed in as/)).toBeVisible();
  // A door volunteer invited with a long address: listed on People.
  await page.goto(`${shop.site.url}/admin?tab=organisers`);
  await ready(page);
  await page.getByLabel("Their e-mail address").fill("door.volunteer.saturday-morning@congregation.example.org");
  await page.getByRole("button", { name: "Send the invitation" }).click();
  await expect(page.getByLabel("Invitation link")).toBeFocused();

  const splits: string[] = [];
  for (const width of [360, 412]) {
    await page.setViewportSize({ width, height: width === 360 ? 740 : 915 });

    // Box office: the orders, one of them open.
    await page.goto(`${shop.site.url}/admin?tab=box-office`);
    await ready(page);
    const tab = page.getByRole("region", { name: "Orders", exact: true });
    const orders = tab.getByRole("list", { name: "Ticket orders" });
    await expect(orders).toContainText("2 tickets");
    await orders.getByRole("button", { name: new RegExp(`${LONG}$`) }).click();
    await expect(tab.getByRole("article", { name: /^Order TNCC-T\d+$/ })).toContainText("Ticket 5");
    splits.push(...(await splitsOn(page, "Box office")));

    // People: the organisers and the invitation waiting.
    await page.goto(`${shop.site.url}/admin?tab=organisers`);
    await ready(page);
    await expect(page.getByText(/door\.volunteer/).first()).toBeVisible();
    splits.push(...(await splitsOn(page, "People")));

    // The door: a search finding the family, one of them admitted (its card says so).
    await page.goto(`${shop.site.url}/checkin`);
    await ready(page);
    const box = page.getByRole("searchbox", { name: "Name, e-mail, order reference or ticket code" });
    await box.fill("Oyelaran");
    await page.getByRole("button", { name: "Find", exact: true }).click();
    await expect(page.getByRole("list", { name: "People found" }).getByRole("listitem")).toHaveCount(5);
    const admit = page.getByRole("button", { name: `Admit ${LONG} (${width === 360 ? 1 : 2} of 5)` });
    await admit.click();
    await page.locator("[role=alert][data-verdict]").click();
    await expect(page.locator("[role=alert][data-verdict]")).toBeHidden();
    splits.push(...(await splitsOn(page, "Door")));

    // The buyer's order page.
    await page.goto(orderPage);
    await ready(page);
    await expect(page.locator("[data-ticket-code]")).toHaveCount(5);
    splits.push(...(await splitsOn(page, "Order page")));
  }
  expect(splits).toEqual([]);
  // Before the sign-in, the session check answers 401, which Chromium logs as a failed resource.
  expect(problems.filter((p) => !/status of 401/.test(p))).toEqual([]);
});
