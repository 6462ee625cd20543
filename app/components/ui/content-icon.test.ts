import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { CONTENT_ICONS } from "./content-icon";

const FILES = ["features.yaml", "fun-facts.yaml", "event-info.yaml", "pages.yaml"];

describe("CONTENT_ICONS", () => {
  it.each(FILES)("has every icon named in content/%s (an unmapped name shows a generic star)", (file) => {
    const source = readFileSync(path.resolve(import.meta.dirname, "../../../content", file), "utf8");
    const icons = [...source.matchAll(/^\s*icon: (\w+)/gm)].map((m) => m[1]);
    expect(icons.length).toBeGreaterThan(0);
    for (const icon of icons) expect(Object.keys(CONTENT_ICONS), `${file} icon ${icon}`).toContain(icon);
  });
});
