/** Issue 41: a publish's steps in people's words, and a build's name. */
import { describe, expect, it } from "vitest";
import { audienceText, describeBuild, groupSteps, runningStep, type PublishStep } from "./publish";

const step = (name: string, state: PublishStep["state"] = "done"): PublishStep => ({
  name,
  state,
  startedAt: "2026-11-24T10:00:00.000Z",
  finishedAt: null,
});

describe("groupSteps", () => {
  it("shows the build's internal steps as a few groups, none of their names", () => {
    const groups = groupSteps([
      step("programme"),
      step("images"),
      step("pages"),
      step("hydrate-after-load"),
      step("headers and CSP", "running"),
    ]);
    expect(groups).toEqual([
      { name: "Programme changes", state: "done" },
      { name: "Pictures", state: "done" },
      { name: "Pages", state: "running" },
      { name: "Offline copy", state: "waiting" },
      { name: "Checks", state: "waiting" },
      { name: "Going live", state: "waiting" },
    ]);
  });

  it("marks the group that failed, and puts a step it does not know with the one before it", () => {
    const groups = groupSteps([step("images"), step("pages"), step("service worker"), step("a new step", "failed")]);
    expect(groups.map((g) => g.state)).toEqual(["waiting", "done", "done", "failed", "waiting", "waiting"]);
    const all = groupSteps(
      [
        "programme",
        "images",
        "pages",
        "share images",
        "service worker",
        "precompress",
        "build info",
        "store",
        "switch",
        "push",
      ].map((n) => step(n)),
    );
    expect(all.every((g) => g.state === "done")).toBe(true);
  });
});

describe("runningStep", () => {
  it("says what the running step does, in people's words; a content-only publish is told from one that compiles", () => {
    expect(runningStep([step("programme"), step("images"), step("pages", "running")])).toBe(
      "Making the pages with the new content",
    );
    expect(runningStep([step("images"), step("code and pages", "running")])).toMatch(/^Building the site's code/);
    // A step with no words of its own: its group's name.
    expect(runningStep([step("pages"), step("sitemap", "running")])).toBe("Pages: finishing");
    expect(runningStep([step("images"), step("switch")])).toBeNull();
    expect(groupSteps([step("code and pages", "running")])[2]).toEqual({ name: "Pages", state: "running" });
  });
});

describe("describeBuild", () => {
  const at = "2026-11-24T10:02:00.000Z";
  it("names a build by what changed and who", () => {
    expect(
      describeBuild({
        changes: [{ what: "Day 01: Registration & Welcome", by: "Grace Mensah", at }],
        more: 0,
        first: false,
      }),
    ).toEqual({ what: "Day 01: Registration & Welcome", by: "Grace Mensah", at });
    expect(
      describeBuild({
        changes: [
          { what: "Day 01: Registration", by: "Grace Mensah", at },
          { what: "FAQs: Parking", by: "Kofi", at },
          { what: "Day 01: Registration", by: "Grace Mensah", at },
          { what: "Site: title", by: "Esi", at },
        ],
        more: 2,
        first: false,
      }),
    ).toEqual({ what: "Day 01: Registration and 4 more changes", by: "Grace Mensah, Kofi and Esi", at });
    expect(describeBuild(null).what).toBe("Version built");
  });

  it("names the organisers' changes before a site update, and a site update alone by no one (issue 62)", () => {
    const update = { what: "Site update", by: null, at };
    const edit = { what: "Programme · Day 2", by: "Grace Mensah", at: "2026-11-24T09:00:00.000Z" };
    expect(describeBuild({ changes: [update, edit], more: 0, first: false })).toEqual({
      what: "Programme · Day 2 and 1 more change",
      by: "Grace Mensah",
      at,
    });
    expect(describeBuild({ changes: [update], more: 0, first: true })).toEqual({ what: "Site update", by: null, at });
  });
});

describe("audienceText", () => {
  it("names the speakers a change is mailed to (issue 63), after the attendees told", () => {
    const ruth = ["Ruth Mensah"];
    expect(audienceText({ starred: 9, email: 6, push: 2, speakers: ruth })).toBe(
      "9 people starred it: 6 get an e-mail, 2 a notification, and the speaker, Ruth Mensah.",
    );
    expect(audienceText({ starred: 1, email: 0, push: 0, speakers: ruth })).toBe(
      "1 person starred it, with no alerts turned on; the speaker, Ruth Mensah, gets an e-mail.",
    );
    expect(audienceText({ starred: 0, email: 0, push: 0, speakers: ruth })).toBe(
      "Nobody has starred it yet: only the speaker, Ruth Mensah, gets an e-mail.",
    );
    expect(audienceText({ starred: 2, email: 1, push: 0, speakers: ["Samuel Okafor", "Ruth Mensah"] })).toBe(
      "2 people starred it: 1 gets an e-mail, and the speakers, Samuel Okafor and Ruth Mensah.",
    );
  });

  it("says nothing of a speaker the organisers have no address for", () => {
    expect(audienceText({ starred: 9, email: 6, push: 2, speakers: [] })).toBe(
      "9 people starred it: 6 get an e-mail, 2 a notification.",
    );
    expect(audienceText({ starred: 0, email: 0, push: 0 })).toBe("Nobody has starred it yet, so nobody is told.");
  });
});
