/**
 * The Atom feeds, written at build time: the blog's (`/blog/feed.xml`), newest post first, and the programme's
 * changes (`/changes/feed.xml`), newest change first.
 */
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { newestFirst } from "../../app/content/content.server";
import type { Content } from "../../app/content/schemas";
import { changeText, programmeChanges } from "../../app/lib/schedule/changes";

const xml = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** The feed around its entries: its id and self link at `path`, its page at `page`. */
function atomDocument(
  siteUrl: string,
  feed: { path: string; page: string; title: string; subtitle: string; updated: string; entries: string[] },
): string {
  return `<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom">
  <id>${siteUrl}${feed.path}</id>
  <title>${xml(feed.title)}</title>
  <subtitle>${xml(feed.subtitle)}</subtitle>
  <link rel="self" type="application/atom+xml" href="${siteUrl}${feed.path}"/>
  <link rel="alternate" type="text/html" href="${siteUrl}${feed.page}"/>
  <updated>${feed.updated}</updated>
${feed.entries.join("\n")}
</feed>
`;
}

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
  return atomDocument(siteUrl, {
    path: "/blog/feed.xml",
    page: "/blog-sidebar",
    title: `${input.site.shortName} blog`,
    subtitle: input.site.title,
    updated,
    entries,
  });
}

/** One entry per announced change; its id stays the same when later changes are added. */
export function changesFeed(input: Pick<Content, "site" | "scheduleDays">, siteUrl: string): string {
  const changes = programmeChanges(input.scheduleDays);
  const updated = changes[0] ? `${changes[0].date}T00:00:00Z` : new Date(0).toISOString();
  const entries = changes.map((c) => {
    const what = changeText(c);
    const where = c.fromText ? ` It now starts ${c.toText}.` : "";
    return `  <entry>
    <id>${siteUrl}/changes#${c.key}</id>
    <title>${xml(`${c.session.title}: ${what}`)}</title>
    <link rel="alternate" type="text/html" href="${siteUrl}${c.session.href}"/>
    <updated>${c.date}T00:00:00Z</updated>
    <author><name>${xml(input.site.shortName)}</name></author>
    <summary>${xml(`${what}.${where}`)}</summary>
  </entry>`;
  });
  return atomDocument(siteUrl, {
    path: "/changes/feed.xml",
    page: "/changes",
    title: `${input.site.shortName}: programme changes`,
    subtitle: input.site.title,
    updated,
    entries,
  });
}

async function write(file: string, text: string) {
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, text);
}

export async function writeFeed(
  clientDir: string,
  input: Pick<Content, "site" | "posts" | "scheduleDays">,
  siteUrl: string,
) {
  await write(path.join(clientDir, "blog", "feed.xml"), atomFeed(input, siteUrl));
  await write(path.join(clientDir, "changes", "feed.xml"), changesFeed(input, siteUrl));
  return `feed: blog/feed.xml (${input.posts.length} posts), changes/feed.xml`;
}
