import type { Metric } from "web-vitals";
import { describe, expect, it } from "vitest";
import { toPayload } from "./report";

describe("toPayload", () => {
  it("keeps what the server's /api/vitals accepts, plus the page", () => {
    const metric = {
      name: "LCP",
      value: 1234.5,
      id: "v5-1",
      rating: "good",
      delta: 1,
      entries: [],
      navigationType: "navigate",
      navigationId: 1,
    } as Metric;
    expect(toPayload(metric, "/schedule")).toEqual({
      name: "LCP",
      value: 1234.5,
      id: "v5-1",
      rating: "good",
      page: "/schedule",
    });
  });
});
