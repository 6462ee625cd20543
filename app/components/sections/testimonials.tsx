import { ChevronLeft, ChevronRight, Quote, Star } from "lucide-react";
import { useState } from "react";
import type { Testimonial } from "~/content/schemas";
import { SectionTitle } from "../ui/section-title";

export interface TestimonialsProps {
  testimonials: Pick<Testimonial, "id" | "text" | "name" | "role" | "stars">[];
}

const controlClass =
  "inline-flex size-11 items-center justify-center rounded-full bg-white/8 text-paper ring-1 ring-white/25 hover:bg-gold hover:text-ink";

/**
 * What guests said: one testimonial at a time, previous / next in an endless loop, never moving on its
 * own (spec: one slide, no autoplay, infinite). Without JavaScript every testimonial is listed.
 */
export function Testimonials({ testimonials }: TestimonialsProps) {
  const [current, setCurrent] = useState(0);
  const [moved, setMoved] = useState(false);
  const count = testimonials.length;
  const go = (step: number) => {
    setCurrent((index) => (index + step + count) % count);
    setMoved(true);
  };

  return (
    <section
      aria-labelledby="testimonials-title"
      className="on-dark section bg-[radial-gradient(ellipse_at_bottom,#3a2f7a_0%,#16123a_70%)] text-paper"
    >
      <div className="container-page">
        <SectionTitle id="testimonials-title" eyebrow="Testimonials" title="What our guests say" />
        <section
          aria-roledescription="carousel"
          aria-label="Testimonials"
          className="mx-auto mt-12 max-w-3xl text-center"
        >
          <div aria-live={moved ? "polite" : "off"}>
            {testimonials.map((testimonial, index) => (
              <div
                key={testimonial.id}
                role="group"
                aria-roledescription="slide"
                aria-label={`${index + 1} of ${count}`}
                className={index === current ? (moved ? "slide-in" : "") : "hidden noscript:mt-12 noscript:block"}
              >
                <Quote aria-hidden="true" size={44} strokeWidth={1.5} className="mx-auto text-gold rtl:-scale-x-100" />
                <p
                  className="mt-4 flex justify-center gap-1 text-gold"
                  role="img"
                  aria-label={`${testimonial.stars} out of 5 stars`}
                >
                  {Array.from({ length: 5 }, (_, star) => (
                    <Star
                      key={star}
                      aria-hidden="true"
                      size={20}
                      strokeWidth={1.5}
                      fill={star < testimonial.stars ? "currentColor" : "none"}
                    />
                  ))}
                </p>
                <blockquote className="mt-6 font-serif text-xl leading-relaxed sm:text-2xl">
                  <p>{testimonial.text}</p>
                </blockquote>
                <p className="mt-6">
                  <span className="block font-semibold text-paper">{testimonial.name}</span>
                  <span className="text-sm text-lilac">{testimonial.role}</span>
                </p>
              </div>
            ))}
          </div>
          <div data-needs-js className="mt-8 flex justify-center gap-3">
            <button type="button" className={controlClass} onClick={() => go(-1)}>
              <ChevronLeft aria-hidden="true" size={22} strokeWidth={1.5} className="rtl:-scale-x-100" />
              <span className="sr-only">Previous testimonial</span>
            </button>
            <button type="button" className={controlClass} onClick={() => go(1)}>
              <ChevronRight aria-hidden="true" size={22} strokeWidth={1.5} className="rtl:-scale-x-100" />
              <span className="sr-only">Next testimonial</span>
            </button>
          </div>
        </section>
      </div>
    </section>
  );
}
