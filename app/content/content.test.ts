import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, test } from "vitest";
import { ContentError, loadContent } from "./load";
import type { ImageManifest } from "./schemas";

/** The data (content/ at the top of the repository), beside which this folder keeps the code. */
const contentDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../content");

// The images scripts/make-images.ts promises to generate (unit tests do not need the real manifest).
const range = (n: number, name: (i: number) => string) => Array.from({ length: n }, (_, i) => name(i + 1));
const pad = (i: number) => String(i).padStart(2, "0");
const IMAGE_PATHS = [
  "banner/banner-1.jpg",
  "about/about-1.jpg",
  "about/nets-of-prayer.jpg",
  "og/og-default.jpg",
  ...range(5, (i) => `speakers/${i}.jpg`),
  ...range(8, (i) => `sessions/${i}.jpg`),
  ...range(33, (i) => `gallery/${pad(i)}.jpg`),
  ...range(18, (i) => `blog/${pad(i)}.jpg`),
  ...range(12, (i) => `clients/${pad(i)}.png`),
];
const images: ImageManifest = Object.fromEntries(
  IMAGE_PATHS.map((p) => [p, { src: `/images/${p}`, width: 800, height: 600, srcset: `/_img/${p}-320.webp 320w` }]),
);

/** Copy the real content to a temp dir, let `edit` break it, and return the problems found. */
function problemsAfter(edit: (dir: string) => void): string[] {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "content-"));
  try {
    fs.cpSync(contentDir, dir, { recursive: true });
    edit(dir);
    loadContent(dir, images);
    return [];
  } catch (error) {
    if (error instanceof ContentError) return error.problems;
    throw error;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** Replace one exact piece of text in a content file (fails loudly when the text is not there). */
function replace(dir: string, file: string, from: string, to: string): void {
  const full = path.join(dir, file);
  const source = fs.readFileSync(full, "utf8");
  if (!source.includes(from)) throw new Error(`${file} does not contain ${JSON.stringify(from)}`);
  fs.writeFileSync(full, source.replace(from, to));
}

describe("the real content", () => {
  const content = loadContent(contentDir, images);

  test("loads with the spec's values", () => {
    expect(content.site.title).toBe("Wrapped in Grace Conference");
    expect(content.site.dates.text).toBe("24 - 27 October 2024");
    expect(content.site.dates.startsAt).toBe("2024-10-24T09:00:00-05:00");
    expect(content.site.countdowns.comingSoon).toEqual({
      date: "2024-05-07",
      at: "2024-05-07T00:00:00-05:00",
    });
    expect(content.site.seats).toBe(300);
    expect(content.site.speakerCount).toBe(4);
    expect(content.speakers.map((s) => s.name)).toEqual([
      "Grace Adeyemi",
      "Samuel Okafor",
      "Ruth Mensah",
      "David Mwangi",
      "Esther Boateng",
    ]);
    expect(content.funFacts.facts.map((f) => f.end)).toEqual([190, 62, 54, 38]);
    expect(content.sponsorTokens.map((t) => t.cost)).toEqual([0.5, 20, 50, 80, 100, 200, 500, 800, 1000, 2000]);
    expect(content.ticketPlans.plans.map((p) => [p.title, p.price, p.tickets])).toEqual([
      ["Person", 19, 1],
      ["Family", 59, 5],
      ["Group", 99, 10],
    ]);
    expect(content.ticketPlans.dayPass.price).toBe(35.99);
    expect(content.gallery).toHaveLength(33);
    expect(content.clients).toHaveLength(12);
    expect(content.posts.map((p) => p.id)).toEqual(Array.from({ length: 18 }, (_, i) => i + 1));
    // Each post's comment count is the number of comments it shows.
    expect(content.posts.every((p) => p.comments === content.comments.length)).toBe(true);
  });

  test("derives images, dates, markdown and references", () => {
    const grace = content.speakers[0];
    expect(grace?.photo).toMatchObject({ src: "/images/speakers/1.jpg", alt: "Portrait of Grace Adeyemi" });
    expect(grace?.bioHtml).toContain("<p>Grace Adeyemi will be your host");
    expect(grace?.bioHtml).not.toContain("PLACEHOLDER");
    expect(grace?.bioSummary).toMatch(/^Grace Adeyemi will be your host for all four days/);

    const day1 = content.scheduleDays[0];
    expect(day1).toMatchObject({ label: "Day 01", weekday: "Thursday", fullDate: "Thursday, 24 October 2024" });
    expect(day1?.sessions[1]).toMatchObject({
      dayId: 1,
      timeText: "09:00 - 10:00",
      startsAt: "2024-10-24T09:00:00-05:00",
      endsAt: "2024-10-24T10:00:00-05:00",
      speaker: { name: "Samuel Okafor" },
    });
    // Session ids repeat across days (that is allowed), never within one.
    expect(content.scheduleDays.every((d) => d.sessions[0]?.id === 1)).toBe(true);

    const open = content.scheduleDays.flatMap((d) => d.sessions).filter((s) => !s.end);
    expect(open.map((s) => [s.title, s.timeText, s.endsAt])).toEqual([["Praise Night", "19:00", undefined]]);

    const event = content.categories.find((c) => c.id === "event");
    expect(event?.count).toBe(content.posts.filter((p) => p.category.id === "event").length);
    expect(content.categories.reduce((sum, c) => sum + c.count, 0)).toBe(18);
    expect(content.posts[15]?.tags.map((t) => t.name)).toEqual(["Conference", "Grace"]);
  });
});

describe("content rules", () => {
  test("YAML syntax errors name the file and the line", () => {
    const problems = problemsAfter((dir) => {
      replace(dir, "ticket-plans.yaml", "    title: Family\n", "\t title: Family\n");
      replace(dir, "speakers/02-samuel-okafor.md", "name: Samuel Okafor", "name: Samuel: Okafor");
    });
    expect(problems).toEqual([
      "content/speakers/02-samuel-okafor.md: line 3: YAML syntax error: Nested mappings are not allowed in compact mappings",
      "content/ticket-plans.yaml: line 23: YAML syntax error: Tabs are not allowed as indentation",
    ]);
  });

  test("a missing required field", () => {
    const problems = problemsAfter((dir) => replace(dir, "features.yaml", "    title: Great Speakers\n", ""));
    expect(problems).toEqual(["content/features.yaml: features[0] (id 1).title: is required"]);
  });

  test("a wrong type", () => {
    const problems = problemsAfter((dir) => replace(dir, "site.yaml", "seats: 300", "seats: many"));
    expect(problems).toEqual(['content/site.yaml: seats: must be a number (got "many")']);
  });

  test("a sponsor token's payment link that is not an https URL", () => {
    const problems = problemsAfter((dir) =>
      replace(
        dir,
        "sponsor-tokens.yaml",
        "      price: price_PLACEHOLDER_03\n      quantity: 1\n",
        "      price: price_PLACEHOLDER_03\n      quantity: 1\n    paymentLink: http://buy.example.org/x\n",
      ),
    );
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^content\/sponsor-tokens\.yaml: tokens\[2\].*paymentLink/);
  });

  test("a comment count typed in a post (it is derived from the comments)", () => {
    const problems = problemsAfter((dir) =>
      replace(
        dir,
        "blog/posts/01-welcome-to-the-tncc-blog.md",
        "tags: [community, faith]",
        "tags: [community, faith]\ncomments: 7",
      ),
    );
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/01-welcome-to-the-tncc-blog\.md: .*comments/);
  });

  test("an unknown field (a typo)", () => {
    const problems = problemsAfter((dir) => replace(dir, "faqs.yaml", "    question: Is the", "    questoin: Is the"));
    expect(problems).toEqual([
      "content/faqs.yaml: faqs[4] (id 5).question: is required",
      "content/faqs.yaml: faqs[4] (id 5).questoin: unknown field (check the spelling)",
    ]);
  });

  test("a duplicate session id within a day", () => {
    const problems = problemsAfter((dir) => replace(dir, "schedule/day-02.yaml", "  - id: 5\n", "  - id: 3\n"));
    expect(problems).toEqual([
      "content/schedule/day-02.yaml: sessions[4] (id 3).id: duplicate id 3 (also used by sessions[2])",
    ]);
  });

  test("an empty or missing end time is allowed", () => {
    expect(
      problemsAfter((dir) => {
        replace(dir, "schedule/day-01.yaml", '    end: "09:00"\n', '    end: ""\n');
        replace(dir, "schedule/day-03.yaml", '    end: "10:00"\n', "");
      }),
    ).toEqual([]);
  });

  test("an end before or equal to its start", () => {
    const problems = problemsAfter((dir) => {
      replace(dir, "schedule/day-02.yaml", '    end: "17:30"', '    end: "16:00"');
      replace(dir, "schedule/day-04.yaml", '    end: "12:30"', '    end: "10:59"');
    });
    expect(problems).toEqual([
      "content/schedule/day-02.yaml: sessions[3] (id 4).end: must be after start (16:00)",
      "content/schedule/day-04.yaml: sessions[1] (id 2).end: must be after start (11:00)",
    ]);
  });

  test("programme changes: a move without where from, changes out of order; a status alone is the publish's to record", () => {
    const problems = problemsAfter((dir) => {
      // Day 01: session 3 marked moved with no "from"; session 4 cancelled with no change listed (fine: a publish
      // records it).
      replace(
        dir,
        "schedule/day-01.yaml",
        '    start: "10:30"',
        '    start: "10:45"\n    status: moved\n    changes:\n      - date: 2024-10-20\n        note: Later',
      );
      replace(dir, "schedule/day-01.yaml", '    start: "13:30"', '    start: "13:30"\n    status: cancelled');
      // Day 02: two changes, the second dated before the first, and one that says nothing.
      replace(
        dir,
        "schedule/day-02.yaml",
        '    start: "10:30"',
        '    start: "10:30"\n    changes:\n      - date: 2024-10-21\n        from: { date: 2024-10-25, start: "09:00" }\n      - date: 2024-10-19',
      );
    });
    expect(problems).toEqual([
      'content/schedule/day-01.yaml: sessions[2] (id 3).changes: a moved session needs a change with "from" (the date and start it had before)',
      "content/schedule/day-02.yaml: sessions[1] (id 2).changes[1].date: must not be before the change above it (2024-10-21): list changes oldest first",
      'content/schedule/day-02.yaml: sessions[1] (id 2).changes[1].note: say what changed (or give "from" for a move)',
    ]);
  });

  test("a time that is not HH:MM", () => {
    const problems = problemsAfter((dir) =>
      replace(dir, "schedule/day-01.yaml", '    start: "13:30"', '    start: "25:30"'),
    );
    expect(problems).toEqual([
      'content/schedule/day-01.yaml: sessions[3] (id 4).start: must be a time written HH:MM between 00:00 and 23:59 (got "25:30")',
    ]);
  });

  test("an unknown speaker on a session", () => {
    const problems = problemsAfter((dir) =>
      replace(dir, "schedule/day-03.yaml", "    speaker: 4\n", "    speaker: 9\n"),
    );
    expect(problems).toEqual([
      "content/schedule/day-03.yaml: sessions[1] (id 2).speaker: unknown speaker 9 (known: 1, 2, 3, 4, 5)",
    ]);
  });

  const post4 = "blog/posts/04-using-technology-well-in-worship.md";
  const known = "insight, web-design, travel, technology, business, ui-ux, event";

  test("an unknown category on a post", () => {
    const problems = problemsAfter((dir) => replace(dir, post4, "category: technology", "category: gardening"));
    expect(problems).toEqual([`content/${post4}: category: unknown category "gardening" (known: ${known})`]);
  });

  test("an unknown tag on a post", () => {
    const problems = problemsAfter((dir) => replace(dir, post4, "tags: [worship]", "tags: [worship, sports]"));
    expect(problems).toEqual([
      `content/${post4}: tags[1]: unknown tag "sports" (known: conference, worship, prayer, grace, healing, business, community, youth, faith)`,
    ]);
  });

  test("duplicate ids in a collection", () => {
    const problems = problemsAfter((dir) =>
      replace(dir, "gallery.yaml", "  - id: 2\n    image: gallery/02.jpg", "  - id: 1\n    image: gallery/02.jpg"),
    );
    expect(problems).toEqual(["content/gallery.yaml: gallery[1] (id 1).id: duplicate id 1 (also used by gallery[0])"]);
  });

  test("a gallery picture without a caption (the lightbox shows it)", () => {
    const problems = problemsAfter((dir) => replace(dir, "gallery.yaml", "    caption: Opening the Word\n", ""));
    expect(problems).toEqual(["content/gallery.yaml: gallery[2] (id 3).caption: is required"]);
  });

  test("two speaker files with the same id", () => {
    const problems = problemsAfter((dir) => {
      const source = fs.readFileSync(path.join(dir, "speakers/03-ruth-mensah.md"), "utf8");
      fs.writeFileSync(path.join(dir, "speakers/06-naomi-mensah.md"), source.replace("Ruth", "Naomi"));
    });
    expect(problems).toEqual([
      "content/speakers/06-naomi-mensah.md: id: duplicate id 3 (also used by content/speakers/03-ruth-mensah.md)",
    ]);
  });

  test("a missing image", () => {
    const problems = problemsAfter((dir) =>
      replace(dir, "speakers/01-grace-adeyemi.md", "photo: speakers/1.jpg", "photo: speakers/9.jpg"),
    );
    expect(problems).toEqual([
      'content/speakers/01-grace-adeyemi.md: photo: image "speakers/9.jpg" not found in public/images',
    ]);
  });

  test("a bad date", () => {
    const problems = problemsAfter((dir) => {
      replace(dir, "schedule/day-03.yaml", "date: 2024-10-26", "date: 2024-02-30");
      replace(dir, post4, "date: 2024-04-15", "date: 15/04/2024");
    });
    expect(problems).toEqual([
      'content/schedule/day-03.yaml: date: must be a real date written YYYY-MM-DD (got "2024-02-30")',
      `content/${post4}: date: must be a real date written YYYY-MM-DD (got "15/04/2024")`,
    ]);
  });

  test("a bad IANA time zone", () => {
    const problems = problemsAfter((dir) =>
      replace(dir, "site.yaml", "timeZone: America/Chicago", "timeZone: America/Dallas"),
    );
    expect(problems).toEqual([
      'content/site.yaml: timeZone: unknown IANA time zone "America/Dallas" (use a name like "America/Chicago")',
    ]);
  });

  test("every problem is reported at once, under one heading", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "content-"));
    try {
      fs.cpSync(contentDir, dir, { recursive: true });
      replace(dir, "site.yaml", "seats: 300", "seats: -1");
      replace(dir, "clients.yaml", "image: clients/12.png", "image: clients/13.png");
      replace(dir, "blog/posts/18-registration-is-open.md", "category: event", "category: events");
      expect(() => loadContent(dir, images)).toThrow(
        [
          "Content has 3 problem(s):",
          "content/site.yaml: seats: must be greater than 0 (got -1)",
          'content/clients.yaml: clients[11] (id 12).image: image "clients/13.png" not found in public/images',
          'content/blog/posts/18-registration-is-open.md: category: unknown category "events" (known: insight, web-design, travel, technology, business, ui-ux, event)',
        ].join("\n"),
      );
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("pages.yaml (about, coming soon, home variants)", () => {
  test("loads the variants' copy", () => {
    const { pages } = loadContent(contentDir, images);
    expect(pages.conference.features.map((f) => f.title)).toEqual([
      "Experience",
      "Networking",
      "Party",
      "Great Speakers",
    ]);
    expect(pages.meetup.features).toHaveLength(4);
    expect(pages.home4.hostedBy).toBe("TNCC");
  });

  test("a missing required field names the file and the field", () => {
    const problems = problemsAfter((dir) => replace(dir, "pages.yaml", "  hostedBy: TNCC\n", ""));
    expect(problems).toEqual(["content/pages.yaml: home4.hostedBy: is required"]);
  });

  test("the meetup needs exactly four feature blocks", () => {
    const problems = problemsAfter((dir) =>
      replace(
        dir,
        "pages.yaml",
        "    - id: 4\n      title: Coffee and Food\n",
        "    - id: 5\n      title: Coffee and Food\n",
      ),
    );
    expect(problems).toEqual([]);
    const fewer = problemsAfter((dir) => {
      const file = path.join(dir, "pages.yaml");
      const source = fs.readFileSync(file, "utf8");
      fs.writeFileSync(file, source.replace(/ {4}- id: 4\n {6}title: Coffee and Food\n[\s\S]*?(?= {2}fluid:)/, ""));
    });
    expect(fewer).toEqual(["content/pages.yaml: meetup.features: must have exactly 4 feature blocks"]);
  });

  test("an unknown app store and a button without a link", () => {
    const problems = problemsAfter((dir) => {
      replace(dir, "pages.yaml", "store: googlePlay", "store: windowsStore");
      replace(dir, "pages.yaml", "      href: /buy-ticket\n\n# /home-4", "      href: buy-ticket\n\n# /home-4");
    });
    expect(problems).toEqual([
      'content/pages.yaml: conference.appDownload.links[1].store: must be one of "appStore", "googlePlay" (got "windowsStore")',
      'content/pages.yaml: conference.callToAction.button.href: must start with "/" (a page of this site) or with https://',
    ]);
  });
});

describe("changes read in place of the files (the editor's check, issue 41)", () => {
  const read = (rel: string) => fs.readFileSync(path.join(contentDir, rel), "utf8");
  const firstSpeaker = fs.readdirSync(path.join(contentDir, "speakers")).sort()[0]!;
  /** The problems with `changes` read in place, and with them written to a copy of the folder. */
  function both(changes: Record<string, string | null>): [string[], string[]] {
    let inPlace: string[] = [];
    try {
      loadContent(contentDir, images, { changes });
    } catch (error) {
      if (!(error instanceof ContentError)) throw error;
      inPlace = error.problems;
    }
    const copied = problemsAfter((dir) => {
      for (const [rel, text] of Object.entries(changes)) {
        const file = path.join(dir, ...rel.split("/"));
        if (text === null) fs.rmSync(file);
        else fs.writeFileSync(file, text);
      }
    });
    return [inPlace, copied];
  }

  test.each<[string, () => Record<string, string | null>]>([
    ["a changed file", () => ({ "site.yaml": read("site.yaml").replace("seats: 300", "seats: -1") })],
    ["a file taken away", () => ({ [`speakers/${firstSpeaker}`]: null })],
    ["a new file", () => ({ "speakers/99-new.md": read(`speakers/${firstSpeaker}`) })],
    ["a file no collection reads", () => ({ "zzz.yaml": "a: 1\n" })],
    [
      "a broken new post and a changed day",
      () => ({
        "blog/posts/99-new.md": "no front matter",
        "schedule/day-01.yaml": read("schedule/day-01.yaml").replace(/end: "?\d\d:\d\d"?/, 'end: "00:01"'),
      }),
    ],
  ])("%s: the same problems as in a copy of the folder", (_, changes) => {
    const [inPlace, copied] = both(changes());
    expect(copied.length).toBeGreaterThan(0);
    expect(inPlace).toEqual(copied);
  });

  test("no change: the content as it is", () => {
    expect(both({})).toEqual([[], []]);
  });
});
