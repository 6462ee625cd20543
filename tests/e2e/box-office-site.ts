import { execFileSync } from "node:child_process";
import { rmSync } from "node:fs";
import { FakeStripe } from "../fixtures/fake-stripe";
import { ORGANISER } from "./admin-accounts";
import { FakeSmtp, startSite, type SiteServer } from "./forms-delivery.helpers";

export interface BoxOfficeSite {
  site: SiteServer;
  fake: FakeStripe;
  smtp: FakeSmtp;
  stop: () => Promise<void>;
}

/**
 * A production server of a spec's own at `port` with its own embedded database (an organiser account made
 * first), the fake card provider (webhooks signed with `webhookSecret`) and a fake mail server at `port + 1`:
 * the box office's specs (Attendees tab, announcements) on a phone.
 */
export async function startBoxOfficeSite(name: string, port: number, webhookSecret: string): Promise<BoxOfficeSite> {
  const dataDir = `data/e2e-${name}-${port}-${Date.now().toString(36)}`;
  execFileSync("npm", ["run", "-s", "admin:add", "--", ORGANISER.email, "--name", ORGANISER.name], {
    input: `${ORGANISER.password}\n`,
    env: { ...process.env, DATA_DIR: dataDir },
    stdio: ["pipe", "ignore", "inherit"],
  });
  const fake = await FakeStripe.start();
  const smtp = new FakeSmtp(port + 1);
  await smtp.start();
  const site = await startSite(port, {
    DATA_DIR: dataDir,
    STRIPE_SECRET_KEY: "sk_test_fake_key",
    STRIPE_API_URL: fake.url,
    STRIPE_WEBHOOK_SECRET: webhookSecret,
    SMTP_URL: `smtp://127.0.0.1:${port + 1}`,
    MAIL_POLL_MS: "200",
    MAIL_BACKOFF_MS: "200",
  });
  return {
    site,
    fake,
    smtp,
    async stop() {
      await site.stop();
      await smtp.stop();
      await fake.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
