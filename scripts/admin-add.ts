/**
 * `npm run admin:add -- someone@example.org [--generate] [--name "Grace Mensah"]`: creates an organiser account for the inbox at
 * /admin, or sets a new password for an existing one (which also ends its sessions and lifts a lock).
 *
 * - On a terminal it asks for the password twice, without echo.
 * - When standard input is not a terminal it reads the password from its first line, so a script can
 *   create accounts: `printf '%s\n' "$PASSWORD" | npm run admin:add -- someone@example.org`.
 * - `--generate` prints a one-time password instead; it must be replaced at the first sign-in.
 * - `--name "Their name"` (or `--name=…`) sets the name shown to the other organisers and written as the
 *   author of their content saves; without it, a new account is named by its address's local part.
 *
 * The database is the server's: DATABASE_URL, else the embedded one in DATA_DIR (default data/), through
 * the running server's PostgreSQL when a server runs there.
 */
import * as z from "zod/mini";
import { organiserNameSchema } from "../app/forms/admin";
import { upsertAdmin } from "../server/admin/accounts/queries";
import { generatePassword, passwordProblem } from "../server/admin/accounts/password";
import { attachDatabase } from "../server/db/client";
import { configOrExit } from "../server/config";

const USAGE = 'Usage: npm run admin:add -- someone@example.org [--generate] [--name "Their name"]';

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

/** Reads a line from the terminal without showing what is typed. */
function askHidden(prompt: string): Promise<string> {
  const { stdin, stdout } = process;
  stdout.write(prompt);
  stdin.setRawMode(true);
  stdin.resume();
  stdin.setEncoding("utf8");
  let value = "";
  return new Promise((resolve) => {
    const onData = (chunk: string) => {
      for (const ch of chunk) {
        if (ch === "\r" || ch === "\n" || ch === "\u0004") {
          stdin.setRawMode(false);
          stdin.pause();
          stdin.off("data", onData);
          stdout.write("\n");
          resolve(value);
          return;
        }
        if (ch === "\u0003") {
          stdin.setRawMode(false);
          stdout.write("\n");
          process.exit(130);
        }
        if (ch === "\u007f" || ch === "\b") value = value.slice(0, -1);
        else value += ch;
      }
    };
    stdin.on("data", onData);
  });
}

/** The first line of standard input (a pipe or a file). */
async function readStdinLine(): Promise<string> {
  let text = "";
  for await (const chunk of process.stdin) text += String(chunk);
  return text.split(/\r?\n/)[0] ?? "";
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  // --name "Grace Mensah" or --name="Grace Mensah": taken out before the other arguments are read.
  let name: string | undefined;
  const at = args.findIndex((a) => a === "--name" || a.startsWith("--name="));
  if (at >= 0) {
    const [flag = "", value] = args.splice(at, args[at] === "--name" ? 2 : 1);
    name = flag === "--name" ? value : flag.slice("--name=".length);
    if (!name?.trim()) fail(`--name needs a name.\n${USAGE}`);
    const checked = organiserNameSchema.safeParse(name);
    if (!checked.success) fail(checked.error.issues[0]?.message ?? "That name cannot be used.");
  }
  const generate = args.includes("--generate");
  const unknown = args.filter((a) => a.startsWith("-") && a !== "--generate");
  const emails = args.filter((a) => !a.startsWith("-"));
  if (unknown.length) fail(`Unknown option ${unknown.join(", ")}.\n${USAGE}`);
  if (emails.length !== 1) fail(`Give exactly one e-mail address.\n${USAGE}`);
  const email = emails[0]!.trim();
  if (!z.email().safeParse(email).success) fail(`"${email}" is not an e-mail address.\n${USAGE}`);

  let password: string;
  if (generate) password = generatePassword();
  else if (process.stdin.isTTY) {
    password = await askHidden(`Password for ${email}: `);
    const problem = passwordProblem(password);
    if (problem) fail(problem);
    if ((await askHidden("The same password again: ")) !== password) fail("The two passwords differ: nothing changed.");
  } else {
    password = await readStdinLine();
    if (!password) fail("No password on standard input (give it as the first line, or use --generate).");
  }
  const problem = passwordProblem(password);
  if (problem) fail(problem);

  const { DATA_DIR: dataDir, DATABASE_URL: databaseUrl } = configOrExit();
  let database;
  try {
    database = await attachDatabase({ databaseUrl: databaseUrl, dataDir, poolSize: 1 });
  } catch (error) {
    fail(`Cannot open the database: ${error instanceof Error ? error.message : String(error)}`);
  }
  try {
    const { replaced } = await upsertAdmin(database.db, email, password, generate, name);
    const where = databaseUrl ? "PostgreSQL (DATABASE_URL)" : dataDir;
    const named = name ? ` named ${name.trim()}` : "";
    console.log(`${replaced ? "New password set for" : "Organiser account created:"} ${email}${named} (in ${where}).`);
    if (generate) console.log(`One-time password: ${password}\nIt must be replaced at the first sign-in at /admin.`);
  } finally {
    await database.close();
  }
}

await main();
