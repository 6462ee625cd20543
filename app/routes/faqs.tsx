import { FaqForm } from "~/components/forms/faq-form";
import { PageBanner } from "~/components/layout/page-banner";
import { FaqAccordion } from "~/components/sections/faq-accordion";
import { SectionTitle } from "~/components/ui/section-title";
import { pageMeta } from "~/lib/seo/meta";
import { pageView } from "~/content/preview.server";
import type { Route } from "./+types/faqs";

export async function loader() {
  return pageView("faqs");
}

export const meta = () =>
  pageMeta({
    title: "FAQs",
    description: "Answers to common questions about the Wrapped in Grace Conference, and a form to ask your own.",
    path: "/faqs",
  });

/** FAQs: two accordion columns of questions, then a form to ask another one. */
export default function Faqs({ loaderData: { faqs } }: Route.ComponentProps) {
  return (
    <>
      <PageBanner title="FAQs" />
      <section aria-labelledby="faq-title" className="section bg-mist">
        <div className="container-page">
          <SectionTitle id="faq-title" eyebrow="FAQ" title="Frequently asked questions" />
          <div className="mt-12">
            <FaqAccordion faqs={faqs} />
          </div>
        </div>
      </section>
      <section aria-labelledby="ask-title" className="section bg-paper">
        <div className="container-page max-w-3xl">
          <SectionTitle
            id="ask-title"
            eyebrow="Still wondering?"
            title="Ask us a question"
            lead="We answer every question within two working days."
          />
          <div className="mt-10">
            <FaqForm />
          </div>
        </div>
      </section>
    </>
  );
}
