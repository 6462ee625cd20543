/**
 * The request counts kept in the database (issue 54), counted in one statement a batch (issue 65), on both
 * databases: the counts of a batch, two batches at once (two servers), and the unsynced commit kept to the count.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseBackends } from "../../tests/fixtures/database-backends";
import type { Database } from "../db/client";
import { rowsOf } from "../db/rows";
import { countRequest, countRequests, UNSYNCED } from "./queries";

describe.each(databaseBackends("limits"))("request counts on %s", (_name, open) => {
  let database: Database;
  let cleanup: () => void;
  const minute = 60_000;
  const now = Date.UTC(2024, 9, 24, 9, 0, 30);

  beforeAll(async () => {
    ({ database, cleanup } = await open());
  });
  afterAll(async () => {
    await database.close();
    cleanup();
  });

  it("counts a batch in order, each key on its own, and goes on from there", async () => {
    const ask = (key: string) => ({ key: `test:${key}`, limit: 2, windowMs: minute, now });
    const first = await countRequests(database.db, [ask("a"), ask("b"), ask("a"), ask("a")]);
    expect(first.map((r) => r.allowed)).toEqual([true, true, true, false]);
    expect(first[3]!.retryAfter).toBe(30);
    expect((await countRequest(database.db, "test:b", 2, minute, now)).allowed).toBe(true);
    expect((await countRequests(database.db, [ask("b")]))[0]!.allowed).toBe(false);
  });

  it("lets two batches at once (two servers) through no more than the limit together", async () => {
    const ask = { key: "test:two", limit: 5, windowMs: minute, now };
    const [one, two] = await Promise.all([
      countRequests(
        database.db,
        Array.from({ length: 4 }, () => ask),
      ),
      countRequests(
        database.db,
        Array.from({ length: 4 }, () => ask),
      ),
    ]);
    expect([...one!, ...two!].filter((r) => r.allowed)).toHaveLength(5);
  });

  it("does not wait for the disk for a count, and leaves the connection's setting as it was", async () => {
    const inside = rowsOf<{ setting: string }>(
      await database.db.execute(sql`SELECT current_setting('synchronous_commit') AS setting FROM ${UNSYNCED}`),
    );
    expect(inside[0]!.setting).toBe("off");
    const after = await database.db.transaction(async (tx) =>
      rowsOf<{ setting: string }>(await tx.execute(sql`SELECT current_setting('synchronous_commit') AS setting`)),
    );
    expect(after[0]!.setting).toBe("on");
  });
});
