import { CalendarDays, ChevronLeft, ChevronRight, MapPin, Mic, Users } from "lucide-react";
import { lazy, memo, Suspense, useEffect, useState } from "react";
import { Link } from "react-router";
import type { BannerSlide } from "~/content/schemas";
import { ResponsiveImage } from "../ui/responsive-image";
import { PlayPauseLabel, useCarouselPlayback, useCarouselViewport } from "../ui/carousel-playback";
import { IconItem } from "../ui/icon-item";

const BannerMotion = lazy(() => import("./banner-motion"));

export type BannerSlideProps = Pick<BannerSlide, "id" | "subTitle" | "title1" | "title2" | "image" | "button">;

/** The event's facts shown on every slide (from site.yaml). */
export interface BannerFacts {
  /** "24 - 27 October 2024" */
  dateText: string;
  seats: number;
  speakers: number;
  /** "Grace Fellowship Convention Hall, Dallas" */
  venue: string;
}

export interface BannerCarouselProps {
  slides: BannerSlideProps[];
  facts: BannerFacts;
}

const controlClass =
  "inline-flex size-11 items-center justify-center rounded-full bg-night/60 text-paper ring-1 ring-white/40 backdrop-blur-sm transition-colors hover:bg-gold hover:text-ink disabled:cursor-default disabled:opacity-40 disabled:hover:bg-night/60 disabled:hover:text-paper";

/**
 * The home page banner (#home): an infinite fading carousel, 5000 ms per slide, that pauses while the
 * pointer is over it or focus is in it, has a pause button, and starts paused under reduced motion.
 * The first slide is the pre-rendered page's largest picture; embla only loads after hydration when
 * there is a second slide, and it works on the same markup, so nothing moves when it starts.
 */
export function BannerCarousel({ slides, facts }: BannerCarouselProps) {
  const count = slides.length;
  const multiple = count > 1;
  const { viewportRef, viewport, start: startMotion } = useCarouselViewport();
  const [selected, setSelected] = useState(0);
  const {
    controls,
    onReady,
    playing: rotating,
    pausedByUser,
    togglePause,
    startPausedIfReducedMotion,
    rootProps,
  } = useCarouselPlayback(multiple);

  useEffect(() => {
    if (!multiple) return;
    // Under reduced motion the slideshow starts paused; the visitor may still press Play.
    startPausedIfReducedMotion();
    startMotion();
  }, [multiple, startPausedIfReducedMotion, startMotion]);

  return (
    <section
      id="home"
      aria-labelledby="banner-title"
      aria-roledescription="carousel"
      // Landing on #home scrolls to the very top (the template's offset 0), top bar included.
      className="on-dark relative isolate scroll-mt-[100vh] bg-night text-paper"
      {...rootProps}
    >
      <div ref={viewportRef} className="overflow-hidden">
        <div className="flex" aria-live={multiple && !rotating ? "polite" : "off"}>
          {slides.map((slide, index) => (
            <div
              key={slide.id}
              role="group"
              aria-roledescription="slide"
              aria-label={`${index + 1} of ${count}`}
              inert={index !== selected}
              className="relative min-w-0 shrink-0 grow-0 basis-full"
            >
              <SlideContent slide={slide} facts={facts} first={index === 0} />
            </div>
          ))}
        </div>
      </div>
      <div className="pointer-events-none absolute inset-x-0 bottom-6 sm:bottom-8">
        <div className="container-page flex justify-end gap-2">
          <button
            type="button"
            className={`${controlClass} pointer-events-auto`}
            disabled={!multiple}
            onClick={() => controls?.previous()}
          >
            <ChevronLeft aria-hidden="true" size={22} strokeWidth={1.5} className="rtl:-scale-x-100" />
            <span className="sr-only">Previous slide</span>
          </button>
          {/* Rendered in the pre-rendered HTML too, so nothing moves when the carousel starts. */}
          {multiple && (
            <button type="button" className={`${controlClass} pointer-events-auto`} onClick={togglePause}>
              <PlayPauseLabel paused={pausedByUser} />
            </button>
          )}
          <button
            type="button"
            className={`${controlClass} pointer-events-auto`}
            disabled={!multiple}
            onClick={() => controls?.next()}
          >
            <ChevronRight aria-hidden="true" size={22} strokeWidth={1.5} className="rtl:-scale-x-100" />
            <span className="sr-only">Next slide</span>
          </button>
        </div>
      </div>
      {viewport && (
        <Suspense fallback={null}>
          <BannerMotion viewport={viewport} onReady={onReady} onSelect={setSelected} />
        </Suspense>
      )}
    </section>
  );
}

/** A slide's picture and text: they do not change when the carousel starts or moves, so they do not re-render. */
const SlideContent = memo(function SlideContent({ slide, facts, first }: SlideProps) {
  return (
    <>
      <ResponsiveImage
        image={slide.image}
        sizes="100vw"
        loading={first ? "eager" : "lazy"}
        fetchPriority={first ? "high" : undefined}
        decoding={first ? "sync" : "async"}
        className="absolute inset-0 -z-10 size-full object-cover"
      />
      {/* Keeps the text AA-legible over any photo: a white picture under it still gives lilac 4.7:1. */}
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 bg-night/75 lg:bg-transparent lg:bg-linear-to-r lg:rtl:bg-linear-to-l lg:from-night/90 lg:via-night/80 lg:via-55% lg:to-night/30"
      />
      <Slide slide={slide} facts={facts} first={first} />
    </>
  );
});

interface SlideProps {
  slide: BannerSlideProps;
  facts: BannerFacts;
  /** The first slide holds the page's only h1; the others use h2. */
  first: boolean;
}

function Slide({ slide, facts, first }: SlideProps) {
  const Heading = first ? "h1" : "h2";
  return (
    <div className="container-page flex min-h-[36rem] flex-col justify-center pt-16 pb-28 sm:min-h-[40rem] lg:min-h-[44rem]">
      <p className="eyebrow">{slide.subTitle}</p>
      <Heading
        id={first ? "banner-title" : undefined}
        tabIndex={first ? -1 : undefined}
        className="mt-4 max-w-3xl text-[clamp(2.25rem,4vw+1rem,4.5rem)] font-semibold"
      >
        {slide.title1} <span className="text-gold">{slide.title2}</span>
      </Heading>
      <ul className="mt-6 flex flex-wrap gap-x-6 gap-y-3 text-lg text-lilac">
        <IconItem icon={CalendarDays} size={20} gap="gap-2" iconClassName="text-gold">
          {facts.dateText}
        </IconItem>
        <IconItem icon={Users} size={20} gap="gap-2" iconClassName="text-gold">
          {facts.seats} Seats
        </IconItem>
        <IconItem icon={Mic} size={20} gap="gap-2" iconClassName="text-gold">
          {facts.speakers} Speakers
        </IconItem>
        <IconItem icon={MapPin} size={20} gap="gap-2" iconClassName="text-gold">
          {facts.venue}
        </IconItem>
      </ul>
      <div className="mt-9">
        <Link to={slide.button.href} className="btn btn-primary">
          {slide.button.text}
        </Link>
      </div>
    </div>
  );
}
