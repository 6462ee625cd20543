/** The blog's Atom feed (`/blog/feed.xml`), written at build time, newest post first. */
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { newestFirst } from "../../app/content/content.server";
import type { Content } from "../../app/content/schemas";

const xml = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

export function atomFeed(input: Pick<Content, "site" | "posts">, siteUrl: string): string {
  const posts = newestFirst(input.posts);
  const updated = posts[0] ? `${posts[0].date}T00:00:00Z` : new Date(0).toISOString();
  const entries = posts.map(
    (p) => `  <entry>
    <id>${siteUrl}/blog-single/${p.id}</id>
    <title>${xml(p.title)}</title>
    <link rel="alternate" type="text/html" href="${siteUrl}/blog-single/${p.id}"/>
    <published>${p.date}T00:00:00Z</published>
    <updated>${p.date}T00:00:00Z</updated>
    <author><name>${xml(p.author)}</name></author>
    <category term="${xml(p.category.id)}" label="${xml(p.category.name)}"/>
    <summary>${xml(p.excerpt)}</summary>
    <content type="html">${xml(p.bodyHtml)}</content>
  </entry>`,
  );
  return `<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom">
  <id>${siteUrl}/blog/feed.xml</id>
  <title>${xml(input.site.shortName)} blog</title>
  <subtitle>${xml(input.site.title)}</subtitle>
  <link rel="self" type="application/atom+xml" href="${siteUrl}/blog/feed.xml"/>
  <link rel="alternate" type="text/html" href="${siteUrl}/blog-sidebar"/>
  <updated>${updated}</updated>
${entries.join("\n")}
</feed>
`;
}

export async function writeFeed(clientDir: string, input: Pick<Content, "site" | "posts">, siteUrl: string) {
  const file = path.join(clientDir, "blog", "feed.xml");
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, atomFeed(input, siteUrl));
  return `feed: blog/feed.xml (${input.posts.length} posts)`;
}
