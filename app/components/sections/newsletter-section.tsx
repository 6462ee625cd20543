import { NewsletterForm } from "../forms/newsletter-form";

/** The conference template's newsletter box (its own toast: 'Thanks for Subscription!'). */
export function NewsletterSection() {
  return (
    <section aria-labelledby="newsletter-title" className="section bg-paper">
      <div className="container-page">
        <div className="on-dark mx-auto grid max-w-5xl items-center gap-8 rounded-[var(--radius-card)] bg-night p-8 text-paper shadow-soft sm:p-12 md:grid-cols-2">
          <div>
            <p className="eyebrow">Newsletter</p>
            <h2 id="newsletter-title" className="mt-3 text-3xl font-semibold">
              Subscribe for the latest news
            </h2>
            <p className="mt-3 text-lilac">
              Speakers, schedule changes and early-bird tickets, straight to your inbox.
            </p>
          </div>
          <NewsletterForm kind="newsletterTemplate" label="Your e-mail address" />
        </div>
      </div>
    </section>
  );
}
