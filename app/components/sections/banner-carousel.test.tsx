// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { BannerCarousel, type BannerSlideProps } from "./banner-carousel";
import type { BannerControls, BannerMotionProps } from "./banner-motion";

const motion = vi.hoisted(() => ({ props: [] as BannerMotionProps[] }));
vi.mock("./banner-motion", () => ({
  default: (props: BannerMotionProps) => {
    motion.props.push(props);
    return null;
  },
}));

const slide = (id: number): BannerSlideProps => ({
  id,
  subTitle: "TNCC presents",
  title1: "Wrapped in Grace",
  title2: "Conference",
  image: { src: `/images/banner/banner-${id}.jpg`, width: 1920, height: 1080, srcset: "", alt: `Slide ${id}` },
  button: { text: "View Our Promotions", href: "/pricing" },
});
const FACTS = { dateText: "24 - 27 October 2024", seats: 300, speakers: 4, venue: "Grace Hall, Dallas" };

function renderBanner(count: number, reducedMotion = false) {
  window.matchMedia = vi.fn((query: string) => ({ matches: reducedMotion && query.includes("reduce") })) as never;
  const slides = Array.from({ length: count }, (_, index) => slide(index + 1));
  const Stub = createRoutesStub([{ path: "/", Component: () => <BannerCarousel slides={slides} facts={FACTS} /> }]);
  render(<Stub />);
}

const controls = (): BannerControls & Record<string, ReturnType<typeof vi.fn>> => ({
  previous: vi.fn(),
  next: vi.fn(),
  play: vi.fn(),
  stop: vi.fn(),
});

beforeEach(() => {
  motion.props = [];
});
afterEach(cleanup);

describe("BannerCarousel", () => {
  it("with one slide: the page's h1, the facts and the promotions link, no carousel code loaded", async () => {
    renderBanner(1);
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
    await act(async () => {});
    expect(motion.props).toEqual([]);
  });

  it("with three slides: one h1, later slides inert and lazy, embla started and playing", async () => {
    renderBanner(3);
    expect(screen.getAllByRole("heading", { level: 1 })).toHaveLength(1);
    const groups = document.querySelectorAll('[aria-roledescription="slide"]');
    expect([...groups].map((g) => [g.getAttribute("aria-label"), g.hasAttribute("inert")])).toEqual([
      ["1 of 3", false],
      ["2 of 3", true],
      ["3 of 3", true],
    ]);
    expect(screen.getByRole("img", { name: "Slide 2" }).getAttribute("loading")).toBe("lazy");
    await waitFor(() => expect(motion.props.length).toBeGreaterThan(0));
    const props = motion.props.at(-1)!;

    const api = controls();
    act(() => props.onReady(api));
    expect(api.play).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole("button", { name: "Next slide" }));
    expect(api.next).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole("button", { name: "Previous slide" }));
    expect(api.previous).toHaveBeenCalledTimes(1);

    // Focus inside pauses until it leaves; the pause button stops it until Play.
    const next = screen.getByRole("button", { name: "Next slide" });
    act(() => next.focus());
    expect(api.stop).toHaveBeenCalledTimes(1);
    act(() => next.blur());
    expect(api.play).toHaveBeenCalledTimes(2);
    fireEvent.click(screen.getByRole("button", { name: "Pause slideshow" }));
    expect(api.stop).toHaveBeenCalledTimes(2);
    expect(screen.getByRole("button", { name: "Play slideshow" })).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Play slideshow" }));
    expect(api.play).toHaveBeenCalledTimes(3);

    act(() => props.onSelect(1));
    expect(groups[0]!.hasAttribute("inert")).toBe(true);
    expect(groups[1]!.hasAttribute("inert")).toBe(false);
  });

  it("starts paused under reduced motion; Play starts it", async () => {
    renderBanner(2, true);
    await waitFor(() => expect(motion.props.length).toBeGreaterThan(0));
    const api = controls();
    act(() => motion.props.at(-1)!.onReady(api));
    expect(api.play).not.toHaveBeenCalled();
    expect(api.stop).toHaveBeenCalled();
    fireEvent.click(screen.getByRole("button", { name: "Play slideshow" }));
    expect(api.play).toHaveBeenCalledTimes(1);
  });
});
