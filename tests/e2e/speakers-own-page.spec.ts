/**
 * Issue 63: a speaker's own page, done when. The real server on ports of its own (E2E_PORT + 280, its mail
 * server + 281) with a git working copy of the content. At 412 px an organiser invites Ruth Mensah from People,
 * Speakers (chosen by name); she opens the link mailed to her, changes her bio and her photo and sends them; the
 * organiser sees them side by side with the live text and photo.
 *
 * This server's pictures are outside the repository the build reads (a working copy in a temporary folder), so
 * it cannot make a new photo's variants and a save naming it cannot be checked here: the organiser declines that
 * first change ("nothing lost"), Ruth sends her bio again, the organiser accepts it (her own commit) and
 * publishes, and /speakers-detail/3 shows it. A photo accepted into the content is server/speakers/speakers.test.ts's.
 * A link unknown or revoked answers "This link does not work".
 */
import { execFileSync } from "node:child_process";
import { cp, mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Page } from "@playwright/test";
import sharp from "sharp";
import { mailText, startFakeSmtp, type FakeSmtp } from "../fixtures/fake-smtp";
import { ORGANISER } from "./admin-accounts";
import { expect as baseExpect, expectNoAxeViolations, ready, test } from "./fixtures";
import { startSite, type SiteServer } from "./forms-delivery.helpers";

/** The desktop project's server on E2E_PORT + 280 (its mail + 281), the phone project's on + 282 (+ 283): both run at once. */
const portOf = () => Number(process.env.E2E_PORT ?? 4174) + (test.info().project.name === "phone" ? 282 : 280);
/** A build takes 15 s alone, a minute or more while the other browser tests run beside it. */
const BUILD_TIMEOUT = 240_000;
const expect = baseExpect.configure({ timeout: 20_000 });
const RUTH = "ruth.mensah@example.org";
const SAMUEL = "samuel.okafor@example.org";
const NEW_BIO = "Ruth Mensah has led the prayer ministry of her church in Accra for twenty years.";

test.describe.configure({ mode: "serial" });
test.use({ viewport: { width: 412, height: 915 } });

let dir: string;
let site: SiteServer;
let smtp: FakeSmtp;
let photo: string;

const git = (...args: string[]) =>
  execFileSync("git", ["-C", path.join(dir, "repo"), ...args], { encoding: "utf8" }).trim();

test.beforeAll(async () => {
  test.setTimeout(180_000);
  dir = await mkdtemp(path.join(tmpdir(), "tncc-speakers-"));
  const contentDir = path.join(dir, "repo", "content");
  await cp("content", contentDir, { recursive: true });
  await mkdir(path.join(dir, "repo", "public", "images", "speakers"), { recursive: true });
  await writeFile(path.join(dir, "repo", "public", "images", "speakers", ".keep"), "");
  git("init", "--quiet", "--initial-branch=main");
  git("add", ".");
  git("-c", "user.name=setup", "-c", "user.email=setup@example.org", "commit", "--quiet", "-m", "Content as deployed");
  photo = path.join(dir, "ruth.png");
  await sharp({ create: { width: 300, height: 360, channels: 3, background: "#7a3b52" } })
    .png()
    .toFile(photo);
  const PORT = portOf();
  smtp = await startFakeSmtp(PORT + 1);
  const env = {
    DATA_DIR: path.join(dir, "data"),
    CONTENT_DIR: contentDir,
    PUBLISH_POLL_MS: "500",
    SITE_URL: `http://127.0.0.1:${PORT}`,
    SMTP_URL: smtp.url,
    MAIL_FROM: "TNCC <info@tncc.example.org>",
  };
  execFileSync("npm", ["run", "-s", "admin:add", "--", ORGANISER.email, "--name", "Grace Mensah"], {
    input: `${ORGANISER.password}\n`,
    env: { ...process.env, ...env },
    stdio: ["pipe", "ignore", "inherit"],
  });
  site = await startSite(PORT, env);
});

test.afterAll(async () => {
  await site?.stop();
  await smtp?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

async function signIn(page: Page) {
  await page.goto(`${site.url}/admin?tab=speakers`);
  await ready(page);
  await page.getByLabel("E-mail").fill(ORGANISER.email);
  await page.getByLabel("Password").fill(ORGANISER.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("heading", { name: "Speakers", level: 2 })).toBeVisible();
}

/** The speaker's page from the newest mail to her. */
async function mailedLink(to = RUTH) {
  await expect.poll(() => smtp.received.filter((m) => m.to.includes(to)).length).toBeGreaterThan(0);
  const text = mailText(smtp.received.filter((m) => m.to.includes(to)).at(-1)!.raw);
  const link = /http:\/\/\S+\/speaker-page\/[\w-]{32}/.exec(text)?.[0];
  expect(link, text).toBeTruthy();
  return link!;
}

async function sendBio(speaker: Page, withPhoto: boolean) {
  await speaker.getByLabel("Your bio").fill(NEW_BIO);
  if (withPhoto) await speaker.getByLabel(/Choose a new photo/).setInputFiles(photo);
  await speaker.getByRole("button", { name: "Send for review" }).click();
  await expect(speaker.getByText("Sent for review.")).toBeFocused();
}

test("@phone an organiser invites a speaker; her bio and photo reach the review; accepted and published, her page shows it", async ({
  page,
  browser,
}) => {
  test.setTimeout(BUILD_TIMEOUT + 120_000);
  await signIn(page);
  await page.getByLabel("Which speaker").selectOption({ label: "Ruth Mensah" });
  await page.getByLabel("Their e-mail address").fill(RUTH);
  await page.getByRole("button", { name: "Send the link" }).click();
  await expect(page.getByText(`The link was sent to Ruth Mensah at ${RUTH}.`)).toBeFocused();

  const link = await mailedLink();
  const phone = await browser.newContext({ viewport: { width: 412, height: 915 } });
  const speaker = await phone.newPage();
  await speaker.goto(link);
  await ready(speaker);
  await expect(speaker.getByRole("heading", { name: "Your sessions", exact: true })).toBeVisible();
  // How her sessions were rated: nobody has rated yet, so no average (issue 63, item 4).
  const rated = speaker.getByRole("region", { name: "How your sessions were rated" });
  await expect(rated).toContainText("Evening Prayer for Healing");
  const session = speaker.getByRole("listitem").filter({ hasText: "Evening Prayer for Healing" });
  await expect(session).toContainText("Fri 25 Oct, 16:00 – 17:30");
  await expect(session).toContainText("Grace Fellowship Convention Hall");
  await expectNoAxeViolations(speaker);
  expect(await speaker.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(412);

  // HTML is refused at the field, which takes the focus; nothing is sent.
  await speaker.getByLabel("Your bio").fill("Hello <script>alert(1)</script>");
  await speaker.getByRole("button", { name: "Send for review" }).click();
  await expect(speaker.getByLabel("Your bio")).toBeFocused();
  await expect(speaker.getByText(/^Your bio has HTML in it/)).toBeVisible();

  await sendBio(speaker, true);

  // The organiser sees it beside the live text and photo.
  await page.reload();
  await ready(page);
  await page.getByRole("button", { name: /Review the change sent .* by Ruth Mensah/ }).click();
  const review = page.getByRole("region", { name: /Ruth Mensah's change/ });
  await expect(review.getByRole("heading", { name: "Bio" })).toBeVisible();
  await expect(review).toContainText("Live now");
  await expect(review).toContainText(NEW_BIO);
  await expect(review.getByRole("img", { name: "Portrait of Ruth Mensah, as sent" })).toBeVisible();
  await expect(review.getByRole("img", { name: "Portrait of Ruth Mensah, live now" })).toBeVisible();
  expect(
    await review
      .getByRole("img", { name: "Portrait of Ruth Mensah, as sent" })
      .evaluate((img: HTMLImageElement) => img.naturalWidth),
  ).toBe(300);
  await expectNoAxeViolations(page);
  // This server cannot make a new photo's variants (see above): declined, and nothing is lost.
  await review.getByRole("button", { name: "Decline" }).click();
  await expect(page.getByText("Declined: nothing was saved, and the live text is as it was.")).toBeFocused();

  await speaker.reload();
  await ready(speaker);
  await sendBio(speaker, false);
  await page.reload();
  await ready(page);
  await page.getByRole("button", { name: /Review the change sent .* by Ruth Mensah/ }).click();
  await page.getByRole("button", { name: "Accept" }).click();
  await expect(page.getByText(/Saved as Ruth Mensah's own change/)).toBeFocused();
  expect(git("log", "-1", "--format=%an <%ae>")).toBe(`Ruth Mensah <${RUTH}>`);

  await page.goto(`${site.url}/admin?tab=publish`);
  await ready(page);
  await page.getByRole("button", { name: "Publish the saved changes" }).click();
  const panel = page.getByRole("region", { name: "Publish" });
  await expect(panel.getByRole("status")).toHaveText(/Published|failed/, { timeout: BUILD_TIMEOUT });
  expect(await panel.getByRole("alert").allTextContents(), "the build should not fail").toEqual([]);

  await page.goto(`${site.url}/speakers-detail/3`);
  await ready(page);
  await expect(page.getByText(NEW_BIO)).toBeVisible();
  await phone.close();
});

test("@phone a guessed and a revoked link both say the link does not work", async ({ page }) => {
  // The page asks its API once hydrated; the answer is the message (the announcements' check keeps the network busy).
  await page.goto(`${site.url}/speaker-page/${"A".repeat(32)}`);
  const unknown = page.getByRole("alert");
  await expect(unknown).toHaveText(/This link does not work/);
  const unknownText = await unknown.textContent();

  // A link of its own (another speaker's), so this test needs no other test before it.
  await signIn(page);
  await page.getByLabel("Which speaker").selectOption({ label: "Samuel Okafor" });
  await page.getByLabel("Their e-mail address").fill(SAMUEL);
  await page.getByRole("button", { name: "Send the link", exact: true }).click();
  await expect(page.getByText(`The link was sent to Samuel Okafor at ${SAMUEL}.`)).toBeFocused();
  const link = await mailedLink(SAMUEL);
  await page.getByRole("button", { name: "Revoke Samuel Okafor's link" }).click();
  await expect(page.getByText("Their link no longer works.", { exact: false })).toBeFocused();
  await page.goto(link);
  await expect(page.getByRole("alert")).toHaveText(unknownText!);
});
