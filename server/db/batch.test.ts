import { describe, expect, it } from "vitest";
import { batched } from "./batch";

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
});
