import { defineConfig, devices } from "@playwright/test";
import { assertUsablePorts, CHROMIUM_ARGS, CHROMIUM_PATH } from "./scripts/chromium";
import { adminAddCommands } from "./tests/e2e/admin-accounts";

const PORT = Number(process.env.E2E_PORT ?? 4174);
/** Test pages (tests/fixtures/harness: the banner carousel with three slides, the vitals reporter): their own port. */
const HARNESS_PORT = PORT + 1000;
const HARNESS_CONFIG = "tests/fixtures/harness/vite.config.ts";
// The specs' own servers are at fixed offsets from E2E_PORT (forms +10, comments +30, payments +60, changes +80,
// shutdown +90, durability +100, publish +110 to +113, admin home +120, agenda sync +200, announcements
// +210 to +214, alerts +220 and +221, programme changes +240 and +241, the buy page's external ticketing +250,
// paying later +260 and +261, the rush across three servers +270 to +274, speakers' own page +280 and +281
// (the phone project's +282 and +283), session ratings +300 and +301, the feedback summary +310 and +311,
// volunteers' shifts: the plan +320 and +321, sign-up +330 and +332 (the phone project's +331 and +333), the rota
// +340).
assertUsablePorts("E2E_PORT", {
  site: PORT,
  harness: HARNESS_PORT,
  forms: PORT + 10,
  comments: PORT + 30,
  payments: PORT + 60,
  changes: PORT + 80,
  shutdown: PORT + 90,
  durability: PORT + 100,
  publish: PORT + 110,
  publishFirst: PORT + 111,
  publishSecond: PORT + 112,
  publishPostgres: PORT + 113,
  adminHome: PORT + 120,
  contentEditor: PORT + 130,
  ticketPurchase: PORT + 170,
  ticketPurchaseMail: PORT + 171,
  preview: PORT + 140,
  boxOffice: PORT + 150,
  boxOfficeMail: PORT + 155,
  attendees: PORT + 160,
  attendeesMail: PORT + 161,
  door: PORT + 180,
  doorSecond: PORT + 181,
  checkin: PORT + 190,
  checkinSecond: PORT + 191,
  agendaSync: PORT + 200,
  volunteerShifts: PORT + 330,
  volunteerShiftsPhone: PORT + 331,
  volunteerShiftsMail: PORT + 332,
  volunteerShiftsPhoneMail: PORT + 333,
  alerts: PORT + 220,
  alertsMail: PORT + 221,
  announcements: PORT + 210,
  announcementsMail: PORT + 211,
  announcementsRestart: PORT + 212,
  announcementsRestartMail: PORT + 213,
  announcementsRestartPg: PORT + 214,
  programmePublish: PORT + 240,
  programmePublishMail: PORT + 241,
  buyPageExternal: PORT + 250,
  payLater: PORT + 260,
  payLaterMail: PORT + 261,
  serversFirst: PORT + 270,
  serversSecond: PORT + 271,
  serversThird: PORT + 272,
  serversMail: PORT + 273,
  serversPostgres: PORT + 274,
  speakersOwnPage: PORT + 280,
  speakersOwnPageMail: PORT + 281,
  speakersOwnPagePhone: PORT + 282,
  speakersOwnPagePhoneMail: PORT + 283,
  feedbackSummary: PORT + 310,
  feedbackSummaryPhone: PORT + 311,
  feedback: PORT + 300,
  feedbackPhone: PORT + 301,
  shiftsPlan: PORT + 320,
  shiftsPlanPhone: PORT + 321,
  shiftsRota: PORT + 340,
});

/** End-to-end tests against the production build, served exactly as `npm start` serves it. */
export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  // Safety limits, not speed goals (those are in the benchmark): the machines are shared, and a busy one takes
  // twice as long as a quiet one for the same steps.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [["list"]] : [["list"]],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    trace: "retain-on-failure",
    // The offline service worker would answer requests that tests intercept with page.route (Playwright does
    // not see requests a service worker handles): only tests/e2e/offline.spec.ts lets it run.
    serviceWorkers: "block",
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
  },
  projects: [
    // A test named "@phone" is a flow done on a phone (a volunteer's, an organiser's): it runs on the phone only,
    // once; the rest run at 1440 px. The same flow again at 1440 px took four minutes of CI and found nothing.
    {
      name: "desktop",
      use: { ...devices["Desktop Chrome"], viewport: { width: 1440, height: 900 } },
      grepInvert: /@phone/,
    },
    { name: "phone", use: { ...devices["Pixel 7"] }, grep: /@phone/ },
  ],
  webServer: [
    {
      // The organisers' accounts first (the embedded database allows one process at a time), then the server.
      command: `${adminAddCommands("data/e2e")} && PORT=${PORT} HOST=127.0.0.1 DATA_DIR=data/e2e FORM_RATE_LIMIT=1000/600 ADMIN_SIGNIN_LIMIT=1000/600 npm run serve`,
      url: `http://127.0.0.1:${PORT}/`,
      reuseExistingServer: !process.env.CI,
      timeout: 120_000,
    },
    {
      // About 2 s: a small Vite build of the test pages, then Vite's static preview server.
      command: `npx vite build --config ${HARNESS_CONFIG} && npx vite preview --config ${HARNESS_CONFIG} --host 127.0.0.1 --port ${HARNESS_PORT} --strictPort`,
      url: `http://127.0.0.1:${HARNESS_PORT}/`,
      reuseExistingServer: !process.env.CI,
      timeout: 60_000,
    },
  ],
});
