import { Link } from "react-router";
import { PageBanner } from "~/components/layout/page-banner";
import { pageMeta } from "~/lib/seo/meta";
import { pageView } from "~/content/preview.server";
import type { Route } from "./+types/terms";

export async function loader() {
  return pageView("terms");
}

export const meta = ({ loaderData }: Route.MetaArgs) =>
  pageMeta({
    title: loaderData?.title ?? "Terms and conditions",
    description: loaderData?.summary ?? "The terms and conditions of a ticket to the Wrapped in Grace Conference.",
    path: "/terms",
  });

/** The headings and lists of the terms' Markdown, in the site's type (prose-content styles paragraphs and links). */
const prose =
  "prose-content mt-6 text-lg [&_h2]:mt-10 [&_h2]:mb-3 [&_h2]:text-2xl [&_h2]:font-semibold [&_li]:mb-1 [&_ul]:mb-4 [&_ul]:list-disc [&_ul]:ps-6 [&_ol]:mb-4 [&_ol]:list-decimal [&_ol]:ps-6";

/**
 * The ticket's terms and conditions, from content/terms.md (issue 53): the purchase form's checkbox links here,
 * so a buyer reads what they accept. Ends with whom to ask and the way back to the form.
 */
export default function Terms({ loaderData: { title, updated, updatedText, html, contact } }: Route.ComponentProps) {
  return (
    <>
      <PageBanner title={title} />
      <section className="section">
        <article className="container-page max-w-3xl">
          <p className="text-muted">
            Last changed on <time dateTime={updated}>{updatedText}</time>.
          </p>
          <div className={prose} dangerouslySetInnerHTML={{ __html: html }} />
          <p className="mt-10 text-lg">
            Questions about these terms: <a href={`mailto:${contact.email}`}>{contact.email}</a> or{" "}
            <a href={contact.phoneHref} className="whitespace-nowrap">
              {contact.phone}
            </a>
            .
          </p>
          <Link to="/buy-ticket" className="btn btn-primary mt-8">
            Buy Ticket
          </Link>
        </article>
      </section>
    </>
  );
}
