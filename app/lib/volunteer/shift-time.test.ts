import { describe, expect, it } from "vitest";
import { shiftHours, shiftWhen } from "./shift-time";

describe("a shift's time in words", () => {
  it("is told on the event's clock, whatever the device's", () => {
    expect(shiftWhen("2024-10-24T13:00:00Z", "2024-10-24T17:00:00Z", "America/Chicago")).toBe(
      "Thu 24 Oct, 08:00–12:00",
    );
  });
  it("says when it ends the next day", () => {
    expect(shiftHours("2024-10-24T22:00:00-05:00", "2024-10-25T02:00:00-05:00", "America/Chicago")).toBe(
      "22:00–02:00 (next day)",
    );
  });
});
