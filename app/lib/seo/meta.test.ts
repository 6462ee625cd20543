import { describe, expect, it } from "vitest";
import { pageMeta } from "./meta";

describe("pageMeta", () => {
  it("titles the home page 'TNCC' alone", () => {
    expect(pageMeta({ description: "d", path: "/" })).toContainEqual({ title: "TNCC" });
  });

  it("titles other pages 'Page name | TNCC' with their own description and Open Graph tags", () => {
    const meta = pageMeta({ title: "Speakers", description: "Our guests", path: "/speakers" });
    expect(meta).toContainEqual({ title: "Speakers | TNCC" });
    expect(meta).toContainEqual({ name: "description", content: "Our guests" });
    expect(meta).toContainEqual({ property: "og:title", content: "Speakers | TNCC" });
    expect(meta).toContainEqual({ property: "og:url", content: "https://tncc.example.org/speakers" });
  });
});
