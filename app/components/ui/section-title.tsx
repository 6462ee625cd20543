import type { ReactNode } from "react";

export interface SectionTitleProps {
  /** Id of the heading: the section points at it with aria-labelledby. */
  id: string;
  /** Small uppercase line above the heading (rose on light, gold on dark sections with `.on-dark`). */
  eyebrow: string;
  title: ReactNode;
  /** A short paragraph under the heading. */
  lead?: ReactNode;
  align?: "center" | "start";
  /** Heading level; h2 for page sections. */
  as?: "h1" | "h2" | "h3";
  className?: string;
}

/**
 * The site's section heading pattern: eyebrow over a serif heading. The heading takes focus
 * (tabIndex -1) when a menu link scrolls to its section, so keyboard users continue from there.
 */
export function SectionTitle({
  id,
  eyebrow,
  title,
  lead,
  align = "center",
  as: Heading = "h2",
  className = "",
}: SectionTitleProps) {
  const centered = align === "center";
  return (
    <div className={`${centered ? "mx-auto max-w-2xl text-center" : ""} ${className}`}>
      <p className="eyebrow">{eyebrow}</p>
      <Heading id={id} tabIndex={-1} className="mt-3 text-3xl font-semibold sm:text-4xl md:text-[2.75rem]">
        {title}
      </Heading>
      {lead && <p className="mt-4 text-lg text-muted in-[.on-dark]:text-lilac">{lead}</p>}
    </div>
  );
}
