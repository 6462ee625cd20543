import { ChevronDown } from "lucide-react";
import type { Faq } from "~/content/schemas";

export interface FaqAccordionProps {
  faqs: Pick<Faq, "id" | "column" | "question" | "answer" | "open">[];
}

/**
 * Questions in two columns, each a native <details>: Enter or Space on the question opens and closes
 * it, screen readers announce it as expanded or collapsed, and it works without JavaScript.
 */
export function FaqAccordion({ faqs }: FaqAccordionProps) {
  const columns = [1, 2].map((column) => faqs.filter((faq) => faq.column === column));
  return (
    <div className="grid gap-4 lg:grid-cols-2 lg:gap-8">
      {columns.map((items, index) => (
        <div key={index} className="space-y-4">
          {items.map((faq) => (
            <details
              key={faq.id}
              open={faq.open}
              className="group rounded-[var(--radius-card)] bg-paper shadow-soft open:ring-2 open:ring-gold/60"
            >
              <summary className="flex min-h-14 cursor-pointer list-none items-center justify-between gap-4 rounded-[var(--radius-card)] px-6 py-4 font-serif text-lg font-semibold [&::-webkit-details-marker]:hidden">
                {faq.question}
                <ChevronDown
                  aria-hidden="true"
                  size={22}
                  strokeWidth={1.5}
                  className="shrink-0 text-rose transition-transform duration-200 group-open:rotate-180 motion-reduce:transition-none"
                />
              </summary>
              <p className="px-6 pb-6 text-muted">{faq.answer}</p>
            </details>
          ))}
        </div>
      ))}
    </div>
  );
}
