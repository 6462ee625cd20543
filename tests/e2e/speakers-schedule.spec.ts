import { content } from "./content";
import { expect, ready, test } from "./fixtures";

const days = content.scheduleDays;
const sessionCount = days.reduce((sum, day) => sum + day.sessions.length, 0);

test("speakers list -> speaker -> session -> back to the speaker", async ({ page, problems }) => {
  await page.goto("/speakers");
  await ready(page);
  await expect(page.getByRole("article")).toHaveCount(content.speakers.length);
  await page.getByRole("link", { name: "Samuel Okafor" }).click();
  await expect(page).toHaveURL("/speakers-detail/2");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Samuel Okafor");
  const session = page.getByRole("link", { name: "Opening Worship" });
  await session.click();
  await expect(page).toHaveURL("/event-detail/1/2");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Opening Worship");
  await expect(page.getByText("09:00 to 10:00, Central Time")).toBeVisible();
  await expect(page.getByText(/1200 Fellowship Avenue, Dallas/)).toBeVisible();
  await expect(page.getByRole("link", { name: "Add to calendar" })).toHaveAttribute("href", "/calendar/1-2.ics");
  await expect(page.getByRole("link", { name: /Registration & Welcome/ })).toHaveAttribute("rel", "prev");
  await page.getByRole("main").getByRole("link", { name: "Samuel Okafor" }).click();
  await expect(page).toHaveURL("/speakers-detail/2");
  expect(problems).toEqual([]);
});

for (const path of ["/speakers-detail/999", "/speakers-detail/abc", "/event-detail/9/9", "/event-detail/1/abc"]) {
  test(`${path} is the 404 page with status 404`, async ({ page }) => {
    const response = await page.goto(path);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Page not Found" })).toBeVisible();
  });
}

test("the session's calendar file and the open exports are served", async ({ request }) => {
  const ics = await request.get("/calendar/1-2.ics");
  expect(ics.status()).toBe(200);
  expect(ics.headers()["content-type"]).toContain("text/calendar");
  expect(await ics.text()).toContain("DTSTART:20241024T140000Z");
  const json = await (await request.get("/schedule.json")).json();
  expect(json.schedule.conference.days).toHaveLength(days.length);
  expect((await request.get("/schedule.ics")).status()).toBe(200);
});

test("the home page's JSON-LD names every session as a subEvent", async ({ page }) => {
  await page.goto("/");
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  expect(blocks).toHaveLength(1);
  const event = JSON.parse(blocks[0]!);
  expect(event).toMatchObject({ "@type": "Event", startDate: "2024-10-24", endDate: "2024-10-27" });
  expect(event.location.address.streetAddress).toBe("1200 Fellowship Avenue");
  const { plans, dayPass } = content.ticketPlans;
  expect(event.offers.map((o: { price: number }) => o.price)).toEqual([...plans.map((p) => p.price), dayPass.price]);
  const titles = event.subEvent.map((s: { name: string }) => s.name);
  expect(titles).toHaveLength(sessionCount);
  expect(titles).toContain("Opening Worship");
  // Each session briefly, with a link to its page, which carries the full Event.
  expect(event.subEvent[1]).toEqual({
    "@type": "Event",
    name: "Opening Worship",
    startDate: "2024-10-24T09:00:00-05:00",
    endDate: expect.any(String),
    url: expect.stringMatching(/\/event-detail\/1\/2$/),
  });
  await page.goto("/event-detail/1/2");
  const session = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? "{}");
  expect(session).toMatchObject({ "@type": "Event", name: "Opening Worship", startDate: "2024-10-24T09:00:00-05:00" });
});

test.describe("a visitor in Berlin", () => {
  test.use({ timezoneId: "Europe/Berlin" });
  test("can show the schedule in local time, and the choice is remembered", async ({ page, problems }) => {
    await page.goto("/schedule");
    await ready(page);
    const panel = page.getByRole("tabpanel");
    await expect(panel.getByText("09:00 to 10:00")).toBeVisible();
    await page.getByRole("button", { name: "Show in my time" }).click();
    await expect(panel.getByText("16:00 to 17:00")).toBeVisible();
    await expect(page.getByText("Times in Central European")).toBeVisible();
    await page.reload();
    await ready(page);
    await expect(page.getByRole("tabpanel").getByText("16:00 to 17:00")).toBeVisible();
    await page.goto("/event-detail/1/2");
    await ready(page);
    await expect(page.getByText(/16:00 to 17:00, Central European/)).toBeVisible();
    expect(problems).toEqual([]);
  });
});

test.describe("a visitor in Berlin on Day 04, the night Europe leaves summer time", () => {
  test.use({ timezoneId: "Europe/Berlin" });
  // Worked out by hand: Dallas is still on CDT (UTC-5) on 27 October 2024, Berlin is back on CET (UTC+1)
  // from 03:00 that morning, so 09:00 in Dallas is 15:00 in Berlin (one hour less than on Day 01).
  test("sees 09:00 to 10:30 in Dallas as 15:00 to 16:30, not 16:00", async ({ page, problems }) => {
    await page.goto("/schedule");
    await ready(page);
    await page.getByRole("button", { name: "Show in my time" }).click();
    await page.getByRole("tab", { name: /Day 04/ }).click();
    const panel = page.getByRole("tabpanel");
    await expect(panel.getByText("15:00 to 16:30")).toBeVisible();
    await expect(panel.getByText("17:00 to 18:30")).toBeVisible();
    await expect(panel.getByText("16:00 to 17:30")).toHaveCount(0);
    // Day 01 (Thursday 24 October) is still summer time in Berlin: seven hours ahead.
    await page.getByRole("tab", { name: /Day 01/ }).click();
    await expect(page.getByRole("tabpanel").getByText("16:00 to 17:00")).toBeVisible();
    await page.goto("/event-detail/4/1");
    await ready(page);
    await expect(page.getByText(/15:00 to 16:30, Central European/)).toBeVisible();
    expect(problems).toEqual([]);
  });
});

test.describe("a visitor in the event's zone", () => {
  test.use({ timezoneId: "America/Chicago" });
  test("sees event times and no switch", async ({ page }) => {
    await page.goto("/schedule");
    await ready(page);
    await expect(page.getByRole("tabpanel").getByText("09:00 to 10:00")).toBeVisible();
    await expect(page.getByRole("button", { name: /Show in my time/ })).toHaveCount(0);
  });
});

test("printing the schedule shows all four days without the site's chrome", async ({ page }) => {
  await page.goto("/schedule");
  await ready(page);
  await page.emulateMedia({ media: "print" });
  await expect(page.getByRole("tabpanel")).toHaveCount(days.length);
  await expect(page.locator("header").first()).toBeHidden();
  await expect(page.locator("footer")).toBeHidden();
  await expect(page.getByRole("tablist")).toBeHidden();
  for (const day of days.map((d) => d.label))
    await expect(page.getByRole("heading", { name: new RegExp(`^${day}:`) })).toBeVisible();
});
