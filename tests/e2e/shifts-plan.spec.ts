/**
 * Issue 66, "done when" line plan: at 412 px an organiser signs in, goes to People → Shifts, makes two roles, two
 * places and one shift repeated over three of the event's days (on its clock: 24–27 Oct 2024 in Chicago, from
 * content/site.yaml through the build's shifts.json), sees them listed by day, is told at the field what is
 * missing, and cannot delete a role in use (told which shifts use it). Against the production build served in
 * this process with an embedded database of its own, on E2E_PORT + 320 (desktop project) or + 321 (phone).
 */
import type { Server } from "node:http";
import { once } from "node:events";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { serve } from "@hono/node-server";
import { BUILD_OUTPUTS, ShiftsDataSchema } from "../../app/lib/build-outputs";
import { createApp } from "../../server/app";
import { upsertAdmin } from "../../server/admin/accounts/queries";
import { openDatabase, type Database } from "../../server/db/client";
import { ORGANISER } from "./admin-accounts";
import { expect as baseExpect, expectNoAxeViolations, ready, test } from "./fixtures";

// A sign-in costs a deliberately slow scrypt: answers may take longer than 5 s on a busy machine.
test.slow();
const expect = baseExpect.configure({ timeout: 20_000 });
test.describe.configure({ mode: "serial" });
test.use({ viewport: { width: 412, height: 915 } });

const BUILD = path.resolve("build");

let server: Server | undefined;
let database: Database | undefined;
let dataDir: string;
let origin: string;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  const phone = test.info().project.name === "phone";
  const port = Number(process.env.E2E_PORT ?? 4174) + (phone ? 321 : 320);
  origin = `http://127.0.0.1:${port}`;
  dataDir = await mkdtemp(path.join(tmpdir(), "tncc-shifts-plan-"));
  database = await openDatabase({ dataDir });
  await upsertAdmin(database.db, ORGANISER.email, ORGANISER.password, false, ORGANISER.name);
  const app = createApp({
    root: path.join(BUILD, "client"),
    headersFile: path.join(BUILD, BUILD_OUTPUTS.headers.file),
    siteUrl: origin,
    database,
    log: () => {},
    forms: { organiserEmail: async () => "info@tncc.example.org", siteUrl: origin },
  });
  server = serve({ fetch: app.fetch, port, hostname: "127.0.0.1" }) as Server;
  await once(server, "listening");
});

test.afterAll(async () => {
  server?.closeAllConnections();
  if (server) await new Promise((resolve) => server!.close(resolve));
  await database?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

test("@phone an organiser makes two roles, two places and a shift repeated over three days", async ({
  page,
  problems,
}) => {
  // The event's days and clock come from content, through the build.
  const event = ShiftsDataSchema.parse(JSON.parse(await readFile(path.join(BUILD, BUILD_OUTPUTS.shifts.file), "utf8")));
  expect(event.timeZone).toBe("America/Chicago");
  expect(event.days).toEqual(["2024-10-24", "2024-10-25", "2024-10-26", "2024-10-27"]);

  await page.goto(`${origin}/admin`);
  await ready(page);
  await page.getByLabel("E-mail").fill(ORGANISER.email);
  await page.getByLabel("Password").fill(ORGANISER.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.getByRole("navigation", { name: "Organisers' areas" }).getByRole("link", { name: "People" }).click();
  await page.getByRole("navigation", { name: "People sections" }).getByRole("link", { name: "Shifts" }).click();
  await expect(page.getByRole("heading", { name: "Shifts", level: 2 })).toBeVisible();
  await expect(page.getByText("Times are on the event's clock (America/Chicago).")).toBeVisible();
  const status = page.getByRole("status").filter({ hasText: /\S/ }).first();

  // Two roles: an empty name is said at the field, which takes the focus; then both added.
  const roles = page.getByRole("region", { name: "Roles" });
  await roles.getByText("Add a role").click();
  const roleForm = roles.getByRole("form", { name: "Add a role" });
  await roleForm.getByLabel("What the role does (one line)").fill("Checks tickets in");
  await roleForm.getByRole("button", { name: "Add the role" }).click();
  const roleName = roleForm.getByLabel("Name of the role");
  await expect(roleName).toBeFocused();
  await expect(roleName).toHaveAttribute("aria-invalid", "true");
  await expect(roleName).toHaveAccessibleDescription("The role's name is empty: please write it.");
  await expect(roleForm.getByLabel("What the role does (one line)")).toHaveValue("Checks tickets in");
  await roleName.fill("Door");
  await roleForm.getByRole("button", { name: "Add the role" }).click();
  await expect(status).toHaveText("Added the role Door.");
  await expect(page.getByText("Added the role Door.")).toBeFocused();
  await roleName.fill("Welcome desk");
  await roleForm.getByLabel("What the role does (one line)").fill("Greets people and answers questions");
  await roleForm.getByRole("button", { name: "Add the role" }).click();
  await expect(status).toHaveText("Added the role Welcome desk.");
  // A name taken, in another case: refused at the field.
  await roleName.fill("door");
  await roleForm.getByRole("button", { name: "Add the role" }).click();
  await expect(roleName).toHaveAccessibleDescription("There is already a role called door.");
  await expect(roleName).toBeFocused();
  await expect(roles.getByRole("list", { name: "Roles" }).getByRole("listitem")).toHaveText([
    /Door\s*Checks tickets in · no shifts yet/,
    /Welcome desk\s*Greets people and answers questions · no shifts yet/,
  ]);

  // Two places: one is the check-in page's Door 1.
  const places = page.getByRole("region", { name: "Places" });
  await places.getByText("Add a place").click();
  const placeForm = places.getByRole("form", { name: "Add a place" });
  await placeForm.getByLabel("Name of the place").fill("North entrance");
  await placeForm.getByLabel("Is it a door of the check-in page?").selectOption("Door 1");
  await placeForm.getByRole("button", { name: "Add the place" }).click();
  await expect(status).toHaveText("Added the place North entrance.");
  await placeForm.getByLabel("Name of the place").fill("Welcome desk, hall A");
  await placeForm.getByRole("button", { name: "Add the place" }).click();
  await expect(status).toHaveText("Added the place Welcome desk, hall A.");
  await expect(places.getByRole("list", { name: "Places" }).getByRole("listitem")).toHaveText([
    /North entrance\s*the check-in page's Door 1 · no shifts yet/,
    /Welcome desk, hall A\s*no shifts yet/,
  ]);

  // Make shifts: no day ticked is said at the days; the summary says what the button makes.
  const make = page.getByRole("form", { name: "Make shifts" });
  await make.getByLabel("Place").selectOption({ label: "North entrance" });
  await make.getByLabel("Role").selectOption({ label: "Door" });
  await make.getByLabel("Starts").fill("22:00");
  await make.getByLabel("Ends").fill("02:00");
  await expect(
    make.getByText("Tick the days it is on (North entrance, Door, 22:00–02:00 (ends the next day), 1 person)."),
  ).toBeVisible();
  await make.getByLabel("Starts").fill("08:00");
  await make.getByLabel("Ends").fill("12:00");
  await make.getByLabel("People needed").fill("2");
  await make.getByRole("button", { name: "Make shifts" }).click();
  const firstDay = make.getByRole("checkbox", { name: "Thu 24 Oct" });
  await expect(firstDay).toBeFocused();
  await expect(make.getByText("Please choose at least one day.")).toBeVisible();
  await expect(firstDay).toHaveAttribute("aria-invalid", "true");
  // What was typed is kept.
  await expect(make.getByLabel("Starts")).toHaveValue("08:00");
  await expect(make.getByRole("checkbox")).toHaveCount(4);
  for (const day of ["Thu 24 Oct", "Fri 25 Oct", "Sat 26 Oct"]) await make.getByRole("checkbox", { name: day }).check();
  await expect(make.getByText("3 shifts: North entrance, Door, 08:00–12:00, 2 people each")).toBeVisible();
  await make.getByRole("button", { name: "Make 3 shifts" }).click();
  await expect(status).toHaveText("Made 3 shifts: North entrance, Door, 08:00–12:00, 2 people each.");
  await expect(status.getByText("Made 3 shifts")).toBeFocused();

  // Listed by day, each with place, role, time and filled of needed.
  const planned = page.getByRole("region", { name: "The shifts, by day" });
  for (const day of ["Thu 24 Oct", "Fri 25 Oct", "Sat 26 Oct"]) {
    const ofDay = planned.getByRole("region", { name: new RegExp(`^${day}`) });
    await expect(ofDay.getByRole("listitem")).toHaveText([/North entrance, Door\s*08:00–12:00\s*0 of 2 people/]);
  }
  await expect(planned.getByRole("region", { name: /^Sun 27 Oct/ })).toHaveCount(0);
  await expect(roles.getByRole("listitem").filter({ hasText: "Door" }).first()).toContainText("used by 3 shifts");

  // A role in use cannot be deleted: said at the role, with its shifts.
  await roles.getByRole("button", { name: "Delete Door", exact: true }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Delete Door" }).click();
  const refusal = roles.getByRole("alert");
  await expect(refusal).toHaveText(
    "Not deleted: The role Door has 3 shifts: Thu 24 Oct 08:00–12:00 at North entrance, Fri 25 Oct 08:00–12:00 at North entrance, Sat 26 Oct 08:00–12:00 at North entrance. Delete or move those shifts first.",
  );
  await expect(refusal).toBeFocused();
  await expect(roles.getByRole("list", { name: "Roles" }).getByRole("listitem")).toHaveCount(2);

  // Everything fits the phone's width and passes axe.
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  await expectNoAxeViolations(page);
  await page.mouse.move(0, 0);
  // The screen as the organiser sees it (the header stays on top): the days, the summary, the button and the days' shifts.
  await page.getByRole("checkbox", { name: "Sun 27 Oct" }).scrollIntoViewIfNeeded();
  await page.screenshot({
    path:
      test.info().project.name === "phone"
        ? "docs/screenshots/shifts-plan-412.png"
        : test.info().outputPath("shifts-plan-412.png"),
  });
  // The session asked before signing in (401) and the refusals above (400, 409) are answers the page expects.
  expect(problems.filter((p) => !/status of 40[019] /.test(p))).toEqual([]);
});
