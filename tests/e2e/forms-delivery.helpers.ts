/**
 * What the forms-delivery specs run against: a throwaway PostgreSQL (scripts/test-pg.ts), a fake SMTP
 * server on loopback that records every mail, and the production server (`server/index.ts`) with
 * DATABASE_URL and SMTP_URL. The tests read the stored rows through their own PostgreSQL connection;
 * the server has no test-only read path.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import pg from "pg";
import { SMTPServer } from "smtp-server";
import { startPostgres, type TestPostgres } from "../../scripts/test-pg";

export interface Mail {
  to: string[];
  raw: string;
}

export class FakeSmtp {
  mails: Mail[] = [];
  private server: SMTPServer | null = null;
  constructor(readonly port: number) {}

  async start(): Promise<void> {
    this.server = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS"],
      // stop() is the server going down: open connections (the site keeps a pool of them) are told so and
      // closed at once, not after smtp-server's default 30 s of grace.
      closeTimeout: 1,
      onData: (stream, session, callback) => {
        let raw = "";
        stream.on("data", (chunk: Buffer) => (raw += chunk.toString("utf8")));
        stream.on("end", () => {
          this.mails.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
          callback();
        });
      },
    });
    // A site killed mid-mail (the crash tests) resets its connection inside a transaction, and smtp-server
    // reports that as an 'error' event, which with no listener ends the test ("read ECONNRESET", seen under
    // load). The half-sent mail is not stored, and the site sends it again, as a real mail server would see.
    // Any other error still ends the test.
    this.server.on("error", (error: NodeJS.ErrnoException) => {
      if (error.code !== "ECONNRESET" && error.code !== "EPIPE") throw error;
    });
    this.server.listen(this.port, "127.0.0.1");
    await once(this.server.server, "listening");
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

export interface SiteServer {
  url: string;
  stop(): Promise<void>;
  kill(): void;
  process: ChildProcess;
  /** What the server printed so far (stdout and stderr), for a failed test's report. */
  output(): string;
}

/** `wrap`: a command the server runs under (strace, for the durability test). */
export async function startSite(port: number, env: Record<string, string>, wrap: string[] = []): Promise<SiteServer> {
  // A server left over on this port (an earlier run's) would answer in place of this one: say so instead.
  const taken = await fetch(`http://127.0.0.1:${port}/robots.txt`).then(
    () => true,
    () => false,
  );
  if (taken) throw new Error(`port ${port} is already in use: another server is running there`);
  const command = [...wrap, process.execPath, "--import", "tsx", "server/index.ts"];
  const child = spawn(command[0]!, command.slice(1), {
    env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (d: Buffer) => (output += d.toString()));
  child.stderr?.on("data", (d: Buffer) => (output += d.toString()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited: ${output}`);
    try {
      if ((await fetch(url + "/robots.txt")).ok) break;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) {
      // The server itself too when it runs under a wrapper (strace does not pass signals on): left running, it
      // would go on writing in the data folder the test removes.
      if (wrap.length) spawnSync("pkill", ["-KILL", "-P", String(child.pid)]);
      child.kill("SIGKILL");
      throw new Error(`server did not start: ${output}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    process: child,
    output: () => output,
    kill: () => child.kill("SIGKILL"),
    async stop() {
      if (child.exitCode !== null) return;
      child.kill("SIGTERM");
      await once(child, "exit");
    },
  };
}

/**
 * Posts a contact form as the hydrated page does (JSON with an Idempotency-Key, so a retry stores once);
 * answers the status, 0 when no answer came (the server died). The key names the sender's address.
 */
export async function postContact(origin: string, key: string, what: string): Promise<number> {
  try {
    const res = await fetch(`${origin}/api/forms/contact`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "Idempotency-Key": key },
      body: JSON.stringify({
        name: what,
        phone: "5550199",
        email: `${key}@example.org`,
        subject: `${what} ${key}`,
        message: `Sent by ${what}`,
      }),
    });
    await res.arrayBuffer();
    return res.status;
  } catch {
    return 0;
  }
}

export interface Stack {
  pg: TestPostgres;
  client: pg.Client;
  smtp: FakeSmtp;
  site: SiteServer;
  stop(): Promise<void>;
}

export async function startStack(ports: { site: number; smtp: number; pg: number }, env: Record<string, string> = {}) {
  const database = startPostgres(ports.pg);
  const smtp = new FakeSmtp(ports.smtp);
  let site: SiteServer | undefined;
  const client = new pg.Client({ connectionString: database.url });
  try {
    await smtp.start();
    site = await startSite(ports.site, {
      DATABASE_URL: database.url,
      SMTP_URL: `smtp://127.0.0.1:${ports.smtp}`,
      NOTIFY_EMAIL: "organisers@example.org",
      MAIL_POLL_MS: "250",
      MAIL_BACKOFF_MS: "250",
      TRUST_PROXY: "1",
      ...env,
    });
    await client.connect();
  } catch (error) {
    // What did start must not outlive the failure: a PostgreSQL left on its port fails the next run too.
    site?.kill();
    await smtp.stop();
    database.stop();
    throw error;
  }
  return {
    pg: database,
    client,
    smtp,
    site: site!,
    async stop() {
      await client.end();
      await site!.stop();
      await smtp.stop();
      database.stop();
    },
  } satisfies Stack;
}

export async function countRows(client: pg.Client, where: string, params: unknown[]): Promise<number> {
  const result = await client.query<{ n: string }>(`SELECT count(*) AS n FROM ${where}`, params);
  return Number(result.rows[0]?.n ?? 0);
}
