import { describe, expect, it } from "vitest";
import { renderMarkdown } from "./markdown";

describe("markdown in content", () => {
  it("renders Markdown and drops raw HTML", () => {
    const { html, text } = renderMarkdown(
      'Hello **grace** <script>alert(1)</script> <b onclick="x()">bold</b>\n\n<div onmouseover="x()">block</div>\n\n<img src=x onerror=alert(1)>',
    );
    expect(html).toContain("<strong>grace</strong>");
    expect(html).not.toMatch(/<script|onclick|onmouseover|onerror|<div|<b\b|<img/);
    expect(text).toContain("Hello grace");
  });

  it("keeps web and site links, neutralises script URLs", () => {
    const { html } = renderMarkdown(
      "[a](https://example.org) [b](/schedule) [c](javascript:alert(1)) [d](JaVaScRiPt:alert(1)) [e](//evil.test) ![i](data:text/html,x)",
    );
    expect(html).toContain('href="https://example.org"');
    expect(html).toContain('href="/schedule"');
    expect(html).not.toMatch(/javascript:|\/\/evil\.test|data:text/i);
  });
});
