/**
 * The mail outbox is written through server/mail/ only (issue 64): no module elsewhere inserts into, updates or
 * deletes from mail_queue, by drizzle or by SQL. server/db/ (schema, migrations, backup) may.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "..");
const writes =
  /\b(?:insert|update|delete)\(\s*mailQueue\b|\bINSERT\s+INTO\s+mail_queue\b|\bUPDATE\s+mail_queue\b|\bDELETE\s+FROM\s+mail_queue\b/gi;

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(file);
    return entry.name.endsWith(".ts") && !entry.name.endsWith(".test.ts") ? [file] : [];
  });
}

describe("the mail outbox", () => {
  it("is written only in server/mail/ (and server/db/)", () => {
    const found = sources(root)
      .map((file) => path.relative(root, file).split(path.sep).join("/"))
      .filter((file) => !file.startsWith("mail/") && !file.startsWith("db/"))
      .flatMap((file) =>
        [...readFileSync(path.join(root, file), "utf8").matchAll(writes)].map((m) => `server/${file}: ${m[0]}`),
      );
    expect(found).toEqual([]);
  });
});
