// @vitest-environment jsdom
// The markup and accessibility of the banner, with nothing of ours mocked, and for both carousels (banner and
// rows) a first mount without a re-render inside its commit. Their motion (embla: autoplay, fade, next and
// previous, right-to-left) is tested in a real browser: tests/e2e/banner-carousel.spec.ts.
import { act, cleanup, render, screen } from "@testing-library/react";
import { Profiler, type ProfilerOnRenderCallback } from "react";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { AutoCarousel } from "./auto-carousel";
import { BannerCarousel, type BannerSlideProps } from "./banner-carousel";

const slide = (id: number): BannerSlideProps => ({
  id,
  subTitle: "TNCC presents",
  title1: "Wrapped in Grace",
  title2: "Conference",
  image: { src: `/images/banner/banner-${id}.jpg`, width: 1920, height: 1080, srcset: "", alt: `Slide ${id}` },
  button: { text: "View Our Promotions", href: "/pricing" },
});
const FACTS = { dateText: "24 - 27 October 2024", seats: 300, speakers: 4, venue: "Grace Hall, Dallas" };

function renderBanner(count: number, reducedMotion = false, onRender?: ProfilerOnRenderCallback) {
  window.matchMedia = vi.fn((query: string) => ({
    matches: reducedMotion && query.includes("reduce"),
    addEventListener: () => {},
    removeEventListener: () => {},
  })) as never;
  const slides = Array.from({ length: count }, (_, index) => slide(index + 1));
  const banner = () => <BannerCarousel slides={slides} facts={FACTS} />;
  const Component = onRender
    ? () => (
        <Profiler id="banner" onRender={onRender}>
          {banner()}
        </Profiler>
      )
    : banner;
  const Stub = createRoutesStub([{ path: "/", Component }]);
  render(<Stub />);
}

afterEach(cleanup);

describe("BannerCarousel", () => {
  it("with one slide: the page's h1, the facts and the promotions link, controls disabled, no pause button", async () => {
    renderBanner(1);
    await act(async () => {});
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Wrapped in Grace Conference");
    for (const fact of ["24 - 27 October 2024", "300 Seats", "4 Speakers", "Grace Hall, Dallas"]) {
      expect(screen.getByText(fact)).toBeTruthy();
    }
    expect(screen.getByRole("link", { name: "View Our Promotions" }).getAttribute("href")).toBe("/pricing");
    const image = screen.getByRole("img", { name: "Slide 1" });
    expect(image.getAttribute("fetchpriority")).toBe("high");
    expect(image.getAttribute("loading")).toBe("eager");
    expect((screen.getByRole("button", { name: "Previous slide" }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole("button", { name: "Next slide" }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.queryByRole("button", { name: /slideshow/ })).toBeNull();
    expect(document.querySelector('[aria-roledescription="slide"]')!.hasAttribute("inert")).toBe(false);
  });

  it("with three slides: one h1, later slides inert and lazy, a pause button", () => {
    renderBanner(3);
    expect(screen.getAllByRole("heading", { level: 1 })).toHaveLength(1);
    expect(screen.getAllByRole("heading", { level: 2 })).toHaveLength(2);
    const groups = document.querySelectorAll('[aria-roledescription="slide"]');
    expect([...groups].map((g) => [g.getAttribute("aria-label"), g.hasAttribute("inert")])).toEqual([
      ["1 of 3", false],
      ["2 of 3", true],
      ["3 of 3", true],
    ]);
    expect(screen.getByRole("img", { name: "Slide 2" }).getAttribute("loading")).toBe("lazy");
    expect(screen.getByRole("button", { name: "Pause slideshow" })).toBeTruthy();
  });

  it("starts paused under reduced motion: the button offers Play", async () => {
    renderBanner(2, true);
    await act(async () => {});
    expect(screen.getByRole("button", { name: "Play slideshow" })).toBeTruthy();
  });

  // A state update from a ref callback or a layout effect re-renders inside the first commit ("nested-update"):
  // on a pre-rendered page that is one long task right after hydration (issue 19).
  it("mounts without a re-render inside its first commit", async () => {
    const phases: string[] = [];
    renderBanner(3, false, (_id, phase) => phases.push(phase));
    await act(async () => {});
    expect(phases[0]).toBe("mount");
    expect(phases).not.toContain("nested-update");
  });
});

describe("AutoCarousel", () => {
  it("mounts without a re-render inside its first commit", async () => {
    const phases: string[] = [];
    const slides = [1, 2, 3].map((key) => ({ key, content: <p>Partner {key}</p> }));
    render(
      <Profiler id="row" onRender={(_id, phase) => phases.push(phase)}>
        <AutoCarousel label="Our partners" slides={slides} slideClass="basis-1/2" delayMs={5000} />
      </Profiler>,
    );
    await act(async () => {});
    expect(screen.getByText("Partner 3")).toBeTruthy();
    expect(phases[0]).toBe("mount");
    expect(phases).not.toContain("nested-update");
  });
});
