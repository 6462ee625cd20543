// Loaded after hydration, and only when the banner has more than one slide: embla and its plugins
// (about 10 KB compressed) stay out of the home page's initial JavaScript.
import useEmblaCarousel from "embla-carousel-react";
import Autoplay from "embla-carousel-autoplay";
import Fade from "embla-carousel-fade";
import { useEffect, useState } from "react";

/** Spec: 5000 ms between slides. */
export const SLIDE_DELAY_MS = 5000;
/**
 * Embla's `duration` is not in milliseconds but the strength of its easing simulation; with the fade
 * plugin, 20 brings the next slide to 99 % opacity in about 480 ms (spec: 500 ms speed).
 */
export const FADE_DURATION = 20;

export interface BannerControls {
  previous: () => void;
  next: () => void;
  play: () => void;
  stop: () => void;
}

export interface BannerMotionProps {
  viewport: HTMLElement;
  onReady: (controls: BannerControls | null) => void;
  onSelect: (index: number) => void;
}

/** Turns the pre-rendered slides into an infinite fading carousel. Renders nothing itself. */
export default function BannerMotion({ viewport, onReady, onSelect }: BannerMotionProps) {
  const [plugins] = useState(() => [
    Fade(),
    // The banner decides when to play (hover, focus, reduced motion, the pause button): the plugin's own stops are off.
    Autoplay({
      delay: SLIDE_DELAY_MS,
      playOnInit: false,
      stopOnInteraction: false,
      stopOnMouseEnter: false,
      stopOnFocusIn: false,
    }),
  ]);
  const [setViewport, api] = useEmblaCarousel(
    // Right-to-left pages scroll the other way round (embla needs to be told).
    { loop: true, duration: FADE_DURATION, direction: getComputedStyle(viewport).direction === "rtl" ? "rtl" : "ltr" },
    plugins,
  );

  useEffect(() => setViewport(viewport), [setViewport, viewport]);

  useEffect(() => {
    if (!api) return;
    const select = () => onSelect(api.selectedScrollSnap());
    api.on("select", select);
    const autoplayPlugin = api.plugins().autoplay;
    onReady({
      previous: () => {
        api.scrollPrev();
        autoplayPlugin?.reset();
      },
      next: () => {
        api.scrollNext();
        autoplayPlugin?.reset();
      },
      play: () => autoplayPlugin?.play(),
      stop: () => autoplayPlugin?.stop(),
    });
    return () => {
      api.off("select", select);
      onReady(null);
    };
  }, [api, onReady, onSelect]);

  return null;
}
