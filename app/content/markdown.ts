// Markdown: raw HTML is dropped (content is trusted, but the site never needs it). The loader renders each
// entry's text with it; the editor's preview too (server/content/working-copy.ts), so visitors and organisers
// see the same.
import { Marked } from "marked";

/** Raw HTML in content is dropped, and links or images may only point at http(s), mailto or the site itself. */
const marked = new Marked({
  renderer: { html: () => "" },
  walkTokens(token) {
    if ((token.type === "link" || token.type === "image") && !/^(https?:|mailto:|\/(?!\/)|#)/i.test(token.href))
      token.href = "#";
  },
});

function stripTags(html: string): string {
  return html
    .replace(/<[^>]*>/g, "")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ")
    .trim();
}

/** A Markdown text as HTML, its first paragraph as plain text (a summary), and all of it as plain text. */
export function renderMarkdown(source: string): { html: string; summary: string; text: string } {
  const html = marked.parse(source, { async: false });
  const first = marked.lexer(source).find((token) => token.type === "paragraph");
  const summary = first ? stripTags(marked.parseInline(first.raw, { async: false })) : "";
  return { html, summary, text: stripTags(html) };
}
