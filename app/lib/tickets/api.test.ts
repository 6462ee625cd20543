import { describe, expect, it } from "vitest";
import { isAvailability, isSoldOut, savedOrder, saveOrder, seatsText, waitForOrder, withTicketName } from "./api";
import type { TicketOrderAnswer } from "./orders";

const order: TicketOrderAnswer = {
  reference: "TNCC-T000042",
  plan: "Family",
  status: "paid",
  name: "Ada Lovelace",
  tickets: [
    { position: 1, code: "a".repeat(22), qr: "TNCC1.x.y", name: null, status: "valid" },
    { position: 2, code: "b".repeat(22), qr: "TNCC1.z.w", name: "Byron", status: "valid" },
  ],
};

function memoryStorage(full = false) {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => {
      if (full) throw new DOMException("full", "QuotaExceededError");
      items.set(key, value);
    },
  };
}

describe("seatsText", () => {
  it("says nothing while unknown, the seats left, or sold out", () => {
    expect(seatsText(undefined)).toBeNull();
    expect(seatsText({ left: 12, soldOut: false })).toBe("12 seats left");
    expect(seatsText({ left: 1, soldOut: false })).toBe("1 seat left");
    // Fewer seats than one of the plan admits (a Family with 3 left) is sold out too.
    expect(seatsText({ left: 3, soldOut: true })).toBe("Sold out");
    expect(seatsText({ left: 0, soldOut: false })).toBe("Sold out");
  });
});

describe("isSoldOut", () => {
  it("is the waiting list's cue only when the answer says so; unknown is not sold out", () => {
    expect(isSoldOut(undefined)).toBe(false);
    expect(isSoldOut({ left: 2, soldOut: false })).toBe(false);
    expect(isSoldOut({ left: 3, soldOut: true })).toBe(true);
    expect(isSoldOut({ left: 0, soldOut: false })).toBe(true);
  });
});

describe("isAvailability", () => {
  it("takes the box office's answer and nothing else", () => {
    expect(isAvailability({ plans: { person: { left: 3, soldOut: false } }, payments: false })).toBe(true);
    expect(isAvailability({ plans: { person: { left: "3", soldOut: false } }, payments: false })).toBe(false);
    expect(isAvailability({ plans: {} })).toBe(false);
    expect(isAvailability(null)).toBe(false);
  });
});

describe("the order kept on the phone", () => {
  it("is read back by its token only", () => {
    const storage = memoryStorage();
    saveOrder(storage, "tok-1", order);
    expect(savedOrder(storage, "tok-1")).toEqual(order);
    expect(savedOrder(storage, "tok-2")).toBeNull();
  });

  it("ignores a damaged copy and survives a full storage", () => {
    const storage = memoryStorage();
    storage.items.set("tncc-ticket-order:tok", "{not json");
    expect(savedOrder(storage, "tok")).toBeNull();
    storage.items.set("tncc-ticket-order:tok", JSON.stringify({ reference: "x" }));
    expect(savedOrder(storage, "tok")).toBeNull();
    expect(() => saveOrder(memoryStorage(true), "tok", order)).not.toThrow();
  });

  it("keeps a holder's name in step", () => {
    const named = withTicketName(order, 1, "Grace");
    expect(named.tickets.map((t) => t.name)).toEqual(["Grace", "Byron"]);
    expect(order.tickets[0]!.name).toBeNull();
  });
});

describe("waitForOrder", () => {
  it("asks until the order exists, once a second, through failures", async () => {
    const answers = [
      () => Promise.resolve({ pending: true as const }),
      () => Promise.reject(new Error("offline")),
      () => Promise.resolve({ missing: true as const }),
      () => Promise.resolve({ url: "/tickets/abc" }),
    ];
    const slept: number[] = [];
    let i = 0;
    const url = await waitForOrder({
      ask: () => answers[i++]!(),
      sleep: async (ms) => void slept.push(ms),
    });
    expect(url).toBe("/tickets/abc");
    expect(slept).toEqual([1000, 1000, 1000]);
  });

  it("gives up after its tries, and never follows an address elsewhere", async () => {
    let asked = 0;
    const url = await waitForOrder({
      ask: async () => (asked++, { url: "https://evil.example/tickets/x" }),
      sleep: async () => {},
      tries: 60,
    });
    expect(url).toBeNull();
    expect(asked).toBe(60);
  });
});
