import { Link } from "react-router";
import type { CallToAction as CallToActionContent } from "~/content/schemas";

export interface CallToActionProps extends CallToActionContent {
  /** Id of the heading (unique on the page). */
  id: string;
}

/** A full-width band with a heading, a line of text and one button (call to action, the meetup's fluid section). */
export function CallToAction({ id, eyebrow, title, text, button }: CallToActionProps) {
  const external = button.href.startsWith("http");
  return (
    <section
      aria-labelledby={id}
      className="on-dark bg-[linear-gradient(120deg,#16123a_0%,#3a2f7a_60%,#5b2a5e_100%)] py-16 text-paper sm:py-20"
    >
      <div className="container-page flex flex-col items-start gap-6 md:flex-row md:items-center md:justify-between">
        <div className="max-w-2xl">
          <p className="eyebrow">{eyebrow}</p>
          <h2 id={id} className="mt-3 text-3xl font-semibold sm:text-4xl">
            {title}
          </h2>
          <p className="mt-3 text-lg text-lilac">{text}</p>
        </div>
        {external ? (
          <a href={button.href} target="_blank" rel="noopener" className="btn btn-primary shrink-0">
            {button.text}
            <span className="sr-only"> (opens in a new tab)</span>
          </a>
        ) : (
          <Link to={button.href} className="btn btn-primary shrink-0">
            {button.text}
          </Link>
        )}
      </div>
    </section>
  );
}
