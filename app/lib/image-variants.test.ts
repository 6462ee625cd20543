import { describe, expect, it } from "vitest";
import { variantSrcset } from "./image-variants";

describe("variantSrcset", () => {
  it("swaps the extension of every candidate and keeps the widths", () => {
    expect(variantSrcset("/_img/a-320.webp 320w, /_img/a-640.webp 640w", "avif")).toBe(
      "/_img/a-320.avif 320w, /_img/a-640.avif 640w",
    );
    expect(variantSrcset("/_img/logo-320.webp 320w", "png")).toBe("/_img/logo-320.png 320w");
  });

  it("leaves '.webp' inside a folder or file name alone", () => {
    expect(variantSrcset("/_img/x.webp%20y/a.webp-320.webp 320w", "jpg")).toBe("/_img/x.webp%20y/a.webp-320.jpg 320w");
  });
});
