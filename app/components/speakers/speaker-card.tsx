import { Link } from "react-router";
import type { Speaker } from "~/content/schemas";
import { useReveal } from "~/lib/hooks/use-reveal";
import { ResponsiveImage } from "../ui/responsive-image";
import { pageUrl } from "~/lib/urls";

export type SpeakerCardProps = Pick<Speaker, "id" | "name" | "designation" | "photo"> & {
  /** Rendered width of the photo at each breakpoint (the grid decides). */
  sizes?: string;
  /** Entrance animation delay in ms. */
  delay?: number;
  headingLevel?: "h2" | "h3";
};

/**
 * A guest: square portrait, name and role. Photo and name both lead to the speaker's page; the photo's
 * link is a duplicate for pointer users, so it is skipped by the keyboard and hidden from screen readers.
 */
export function SpeakerCard({
  id,
  name,
  designation,
  photo,
  sizes = "(min-width: 1280px) 220px, (min-width: 1024px) 30vw, 45vw",
  delay = 0,
  headingLevel: Heading = "h3",
}: SpeakerCardProps) {
  const reveal = useReveal<HTMLElement>(delay);
  const href = pageUrl.speaker(id);
  return (
    <article {...reveal} className="group text-center">
      <Link
        to={href}
        tabIndex={-1}
        aria-hidden="true"
        className="block overflow-hidden rounded-[var(--radius-card)] shadow-soft"
      >
        <ResponsiveImage
          image={photo}
          sizes={sizes}
          className="aspect-square w-full object-cover transition-transform duration-300 ease-out group-hover:scale-105 motion-reduce:transition-none motion-reduce:group-hover:scale-100"
        />
      </Link>
      <Heading className="mt-4 text-lg font-semibold sm:text-xl">
        <Link to={href} className="underline-offset-4 hover:text-rose hover:underline">
          {name}
        </Link>
      </Heading>
      <p className="mt-1 text-xs font-semibold tracking-[0.12em] text-gold-deep uppercase sm:text-sm">{designation}</p>
    </article>
  );
}
