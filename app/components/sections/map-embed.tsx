import { MapPin } from "lucide-react";
import { useEffect, useRef, useState } from "react";

export interface MapEmbedProps {
  /** The maps service's embed address (its origin must be in the CSP's frame-src). */
  embedUrl: string;
  /** The same place on the maps service's own page. */
  openUrl: string;
  /** "Grace Fellowship Convention Hall, 1200 Fellowship Avenue, Dallas": names the frame and the link. */
  place: string;
  className?: string;
}

/**
 * An embedded map that costs nothing until it is needed: the frame is only created when its box comes
 * near the viewport (or on "Show the map"). The link to open the map on the service's site is always
 * there, and is all there is without JavaScript.
 */
export function MapEmbed({ embedUrl, openUrl, place, className = "" }: MapEmbedProps) {
  const box = useRef<HTMLDivElement>(null);
  const [load, setLoad] = useState(false);

  useEffect(() => {
    const element = box.current;
    if (!element || load || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver(
      ([entry]) => {
        if (entry?.isIntersecting) setLoad(true);
      },
      { rootMargin: "200px" },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [load]);

  return (
    <div className={className}>
      <div
        ref={box}
        className="relative aspect-[4/3] overflow-hidden rounded-[var(--radius-card)] bg-mist shadow-soft sm:aspect-video"
      >
        {load ? (
          <iframe
            src={embedUrl}
            title={`Map: ${place}`}
            loading="lazy"
            referrerPolicy="no-referrer-when-downgrade"
            className="absolute inset-0 size-full border-0"
          />
        ) : (
          <div className="absolute inset-0 flex flex-col items-center justify-center gap-3 p-6 text-center text-muted">
            <MapPin aria-hidden="true" size={36} strokeWidth={1.5} className="text-rose" />
            <p>{place}</p>
            <button type="button" data-needs-js className="btn btn-outline text-ink" onClick={() => setLoad(true)}>
              Show the map
            </button>
          </div>
        )}
      </div>
      <a
        href={openUrl}
        target="_blank"
        rel="noopener noreferrer"
        className="mt-3 inline-flex items-center gap-2 font-semibold text-rose underline underline-offset-4"
      >
        Open the map<span className="sr-only"> of {place} (opens in a new tab)</span>
      </a>
    </div>
  );
}
