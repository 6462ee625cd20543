import { readFileSync } from "node:fs";
import path from "node:path";
import { parse } from "yaml";
import { describe, expect, it } from "vitest";
import { FEATURE_ICONS } from "./features";

describe("FEATURE_ICONS", () => {
  it("has the icon of every feature in app/content/features.yaml (an unmapped name shows a generic star)", () => {
    const file = path.resolve(import.meta.dirname, "../../content/features.yaml");
    const { features } = parse(readFileSync(file, "utf8")) as { features: { icon: string }[] };
    expect(features.length).toBeGreaterThan(0);
    for (const { icon } of features) expect(Object.keys(FEATURE_ICONS), `features.yaml icon ${icon}`).toContain(icon);
  });
});
