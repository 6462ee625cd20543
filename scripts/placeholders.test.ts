import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { placeholderList } from "./placeholders";
import { logoLines } from "./placeholders/logos";
import { escapeXml } from "./placeholders/svg";

const contentDir = path.resolve(import.meta.dirname, "../content");

describe("placeholder list", () => {
  const list = placeholderList();

  it("draws one logo a client of clients.yaml, with its name and image file", () => {
    const { clients } = parse(fs.readFileSync(path.join(contentDir, "clients.yaml"), "utf8")) as {
      clients: { name: string; image: string }[];
    };
    const logos = list.filter((item) => item.kind === "logo");
    expect(logos.map((logo) => logo.label)).toEqual(clients.map((client) => client.name));
    expect(logos.map((logo) => logo.file)).toEqual(clients.map((client) => `images/${client.image}`));
    for (const logo of logos) {
      const svg = logo.svg().toLowerCase();
      for (const line of logoLines(logo.label ?? "?")) expect(svg).toContain(escapeXml(line).toLowerCase());
    }
  });

  it("draws a portrait for every speaker file", () => {
    const speakers = fs.readdirSync(path.join(contentDir, "speakers")).filter((name) => name.endsWith(".md"));
    const portraits = list.filter((item) => item.file.startsWith("images/speakers/"));
    expect(portraits).toHaveLength(speakers.length);
    expect(portraits.every((item) => item.label)).toBe(true);
  });

  it("lists every file once", () => {
    const files = list.map((item) => item.file);
    expect(new Set(files).size).toBe(files.length);
  });
});

describe("logoLines", () => {
  it("keeps short names on one line and splits long ones near the middle", () => {
    expect(logoLines("Harvest Bakery")).toEqual(["Harvest Bakery"]);
    expect(logoLines("Kingdom Business Network")).toEqual(["Kingdom Business", "Network"]);
    expect(logoLines("Dallas Heralds Basketball")).toEqual(["Dallas Heralds", "Basketball"]);
  });
});
