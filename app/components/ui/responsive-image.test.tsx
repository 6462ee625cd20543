// @vitest-environment jsdom
import { cleanup, render } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { ResponsiveImage } from "./responsive-image";

const base = { src: "/images/gallery/01.jpg", width: 1600, height: 1067, alt: "Worship on the main stage" };
const full = {
  ...base,
  srcset: "/_img/gallery/01-320.webp 320w, /_img/gallery/01-640.webp 640w",
  fallback: "jpg" as const,
};
const avifSrcset = "/_img/gallery/01-320.avif 320w, /_img/gallery/01-640.avif 640w";
const jpegSrcset = "/_img/gallery/01-320.jpg 320w, /_img/gallery/01-640.jpg 640w";

afterEach(cleanup);

describe("ResponsiveImage", () => {
  it("offers AVIF, then WebP, then a sized JPEG <img>", () => {
    const { container } = render(<ResponsiveImage image={full} sizes="50vw" className="w-full" />);
    const sources = [...container.querySelectorAll("picture > source")];
    expect(sources.map((s) => [s.getAttribute("type"), s.getAttribute("srcset"), s.getAttribute("sizes")])).toEqual([
      ["image/avif", avifSrcset, "50vw"],
      ["image/webp", full.srcset, "50vw"],
    ]);
    const img = container.querySelector("picture > img");
    expect(img?.getAttribute("srcset")).toBe(jpegSrcset);
    expect(img?.getAttribute("src")).toBe(base.src);
    expect(img?.getAttribute("width")).toBe("1600");
    expect(img?.getAttribute("height")).toBe("1067");
    expect(img?.getAttribute("alt")).toBe(base.alt);
    expect(img?.getAttribute("class")).toBe("w-full");
  });

  it("is lazy and decoded asynchronously unless the caller says otherwise; no priority by default", () => {
    const { container, rerender } = render(<ResponsiveImage image={full} sizes="100vw" />);
    const img = () => container.querySelector("img");
    expect(img()?.getAttribute("loading")).toBe("lazy");
    expect(img()?.getAttribute("decoding")).toBe("async");
    expect(img()?.hasAttribute("fetchpriority")).toBe(false);
    rerender(<ResponsiveImage image={full} sizes="100vw" loading="eager" fetchPriority="high" alt="" />);
    expect(img()?.getAttribute("loading")).toBe("eager");
    expect(img()?.getAttribute("fetchpriority")).toBe("high");
    expect(img()?.getAttribute("alt")).toBe("");
  });

  it("renders a plain <img> for an entry with only WebP variants (test stubs)", () => {
    const { container } = render(<ResponsiveImage image={{ ...base, srcset: full.srcset }} sizes="50vw" />);
    expect(container.querySelector("picture")).toBeNull();
    expect(container.querySelector("img")?.getAttribute("srcset")).toBe(full.srcset);
  });
});
