import { describe, expect, it } from "vitest";
import { batched, inBatch, newBatch } from "./batch";

describe("batched", () => {
  it("sends the calls that arrive while a batch runs together in the next, each answered its own", async () => {
    const batches: number[][] = [];
    const double = batched(async (items: number[]) => {
      batches.push(items);
      await new Promise((r) => setImmediate(r));
      return items.map((n) => n * 2);
    });
    const answers = await Promise.all([1, 2, 3, 4].map((n) => double(n)));
    expect(answers).toEqual([2, 4, 6, 8]);
    expect(batches).toEqual([[1], [2, 3, 4]]);
  });

  it("fails each caller of a failed batch, and goes on with the next", async () => {
    const run = batched(async (items: string[]) => {
      if (items.includes("bad")) throw new Error("disk full");
      return items;
    });
    const first = run("ok");
    const [bad, other] = await Promise.allSettled([run("bad"), run("other")]);
    expect(await first).toBe("ok");
    expect(bad.status).toBe("rejected");
    expect(other.status).toBe("rejected");
    expect(await run("later")).toBe("later");
  });

  it("keeps a batch's state apart from its writer: plain calls of one batch share its writes (issue 64)", async () => {
    const writes: number[][] = [];
    const batch = newBatch<number, number>(2);
    const write = async (items: number[]) => {
      writes.push(items);
      await new Promise((r) => setImmediate(r));
      return items.map((n) => n + 10);
    };
    const answers = await Promise.all([1, 2, 3, 4].map((n) => inBatch(batch, n, write)));
    expect(answers).toEqual([11, 12, 13, 14]);
    // The first alone (nothing was waiting), then at most two a write.
    expect(writes).toEqual([[1], [2, 3], [4]]);
    expect(batch.running).toBe(false);
  });
});
