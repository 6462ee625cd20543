import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Address } from "./address";

describe("Address (issue 62)", () => {
  it("offers a line break after the @ and each dot only", () => {
    expect(renderToStaticMarkup(<Address email="ruth.mensah@example.org" />)).toBe(
      '<span class="wrap-break-word">ruth.<wbr/>mensah@<wbr/>example.<wbr/>org</span>',
    );
  });
  it("keeps an address without a dot whole", () => {
    expect(renderToStaticMarkup(<Address email="ruth@localhost" className="block" />)).toBe(
      '<span class="wrap-break-word block">ruth@<wbr/>localhost</span>',
    );
  });
});
