// `npm run check:content`: validate content/ and print a summary, or every problem and exit 1.
import fs from "node:fs";
import path from "node:path";
import { ContentError, loadContent, readImageManifest } from "../app/content/load";

const manifestFile = path.join(process.cwd(), ".generated/images.json");

async function main(): Promise<number> {
  if (!fs.existsSync(manifestFile)) {
    console.log("No .generated/images.json yet: generating images first.");
    const { makeImages } = await import("./make-images");
    await makeImages();
  }
  try {
    const c = loadContent(path.join(process.cwd(), "content"), readImageManifest(manifestFile));
    const sessions = c.scheduleDays.reduce((sum, day) => sum + day.sessions.length, 0);
    const counts: [number, string][] = [
      [c.speakers.length, "speakers"],
      [sessions, `sessions in ${c.scheduleDays.length} days`],
      [c.posts.length, "posts"],
      [c.categories.length, "categories"],
      [c.tags.length, "tags"],
      [c.gallery.length, "gallery images"],
      [c.features.length, "features"],
      [c.sponsorTokens.length, "sponsor tokens"],
      [c.ticketPlans.plans.length, "ticket plans"],
      [c.faqs.length, "FAQs"],
      [c.clients.length, "clients"],
      [c.testimonials.length, "testimonials"],
    ];
    console.log(`Content OK: ${counts.map(([n, what]) => `${n} ${what}`).join(", ")}`);
    return 0;
  } catch (error) {
    if (!(error instanceof ContentError)) throw error;
    console.error(error.message);
    return 1;
  }
}

process.exitCode = await main();
