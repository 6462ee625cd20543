// Loaded after hydration, and only when the banner has more than one slide: embla and its plugins
// (about 10 KB compressed) stay out of the home page's initial JavaScript.
import Fade from "embla-carousel-fade";
import type { CarouselControls } from "../ui/carousel-playback";
import CarouselMotion from "./carousel-motion";

/** Spec: 5000 ms between slides. */
export const SLIDE_DELAY_MS = 5000;
/**
 * Embla's `duration` is not in milliseconds but the strength of its easing simulation; with the fade
 * plugin, 20 brings the next slide to 99 % opacity in about 480 ms (spec: 500 ms speed).
 */
export const FADE_DURATION = 20;

export type BannerControls = CarouselControls;

export interface BannerMotionProps {
  viewport: HTMLElement;
  onReady: (controls: BannerControls | null) => void;
  onSelect: (index: number) => void;
}

const fade = () => [Fade()];

/** Turns the pre-rendered slides into an infinite fading carousel. Renders nothing itself. */
export default function BannerMotion(props: BannerMotionProps) {
  return (
    <CarouselMotion {...props} delayMs={SLIDE_DELAY_MS} options={{ duration: FADE_DURATION }} extraPlugins={fade} />
  );
}
