import { readFileSync } from "node:fs";
import path from "node:path";
import { parse } from "yaml";
import { describe, expect, it } from "vitest";
import { labelOf } from "../content-words";
import { setInPlace } from "./content-yaml";

const content = (rel: string) => readFileSync(path.resolve(import.meta.dirname, "../../../content", rel), "utf8");
const changedLines = (a: string, b: string) => {
  const x = a.split("\n");
  const y = b.split("\n");
  return x.map((line, i) => [line, y[i]]).filter(([p, q]) => p !== q);
};

describe("the editor's form writes a value in place", () => {
  it("changes only the value's own line in a YAML file, keeping its quotes", () => {
    const day = content("schedule/day-01.yaml");
    const titled = setInPlace(day, false, ["sessions", 0, "title"], "Registration, Coffee & Welcome")!;
    expect(changedLines(day, titled)).toEqual([
      ["    title: Registration & Welcome", "    title: Registration, Coffee & Welcome"],
    ]);
    const timed = setInPlace(day, false, ["sessions", 0, "end"], "09:30")!;
    expect(changedLines(day, timed)).toEqual([['    end: "09:00"', '    end: "09:30"']]);
    expect((parse(timed) as { sessions: { end: string }[] }).sessions[0]!.end).toBe("09:30");
  });

  it("fills an empty value after its colon with the space YAML needs (issue 41)", () => {
    const filled = setInPlace("---\ntitle:\nexcerpt:\n---\nText\n", true, ["excerpt"], "Doors open at 8")!;
    expect(filled).toBe("---\ntitle:\nexcerpt: Doors open at 8\n---\nText\n");
  });

  it("quotes what YAML would read otherwise, and leaves paragraphs and new keys to the whole document", () => {
    const day = content("schedule/day-01.yaml");
    const tricky = setInPlace(day, false, ["sessions", 0, "title"], "yes: no # not a comment")!;
    expect((parse(tricky) as { sessions: { title: string }[] }).sessions[0]!.title).toBe("yes: no # not a comment");
    expect(setInPlace(day, false, ["sessions", 0, "description"], "A new paragraph")).toBeNull();
    expect(setInPlace(day, false, ["sessions", 0, "nothere"], "x")).toBeNull();
    expect(setInPlace(day, false, ["sessions", 0, "title"], "two\nlines")).toBeNull();
  });

  it("edits a Markdown file's front matter without touching its text", () => {
    const speaker = content("speakers/01-grace-adeyemi.md");
    const next = setInPlace(speaker, true, ["name"], "Grace A. Adeyemi")!;
    expect(changedLines(speaker, next)).toEqual([["name: Grace Adeyemi", "name: Grace A. Adeyemi"]]);
  });

  it("labels fields from their schema keys", () => {
    expect(labelOf("startTime")).toBe("Start time");
    expect(labelOf("ticket-plans")).toBe("Ticket plans");
    expect(labelOf("id")).toBe("Id");
  });
});
