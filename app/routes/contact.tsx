import { Clock, Mail, MapPin, Phone, User } from "lucide-react";
import { ContactForm } from "~/components/forms/contact-form";
import { PageBanner } from "~/components/layout/page-banner";
import { MapEmbed } from "~/components/sections/map-embed";
import { SectionTitle } from "~/components/ui/section-title";
import { pageMeta } from "~/lib/seo/meta";
import { contactView } from "~/content/views.server";
import type { Route } from "./+types/contact";

export async function loader() {
  return contactView();
}

export const meta = () =>
  pageMeta({
    title: "Contact Us",
    description:
      "Contact the TNCC team about the Wrapped in Grace Conference: phone, e-mail, address and a message form.",
    path: "/contact",
  });

/** Contact: the team's details, a message form, and the venue map. */
export default function Contact({ loaderData: { contact, map } }: Route.ComponentProps) {
  const details = [
    { Icon: User, label: "Contact person", value: contact.person },
    { Icon: Phone, label: "Phone", value: contact.phone, href: contact.phoneHref },
    { Icon: Mail, label: "E-mail", value: contact.email, href: `mailto:${contact.email}` },
    { Icon: MapPin, label: "Address", value: contact.address },
    { Icon: Clock, label: "Support hours", value: contact.hours },
  ];
  return (
    <>
      <PageBanner title="Contact Us" />
      <section aria-labelledby="contact-title" className="section bg-paper">
        <div className="container-page grid gap-12 lg:grid-cols-[2fr_3fr]">
          <div>
            <SectionTitle
              id="contact-title"
              eyebrow="Get in touch"
              title="We would love to hear from you"
              align="start"
            />
            <dl className="mt-8 space-y-5">
              {details.map(({ Icon, label, value, href }) => (
                <div key={label}>
                  <dt className="flex items-center gap-3 text-sm font-bold tracking-[0.12em] text-muted uppercase">
                    <span className="inline-flex size-9 shrink-0 items-center justify-center rounded-full bg-night text-gold">
                      <Icon aria-hidden="true" size={18} strokeWidth={1.5} />
                    </span>
                    {label}
                  </dt>
                  <dd className="ps-12 font-semibold">
                    {href ? (
                      <a href={href} className="underline-offset-4 hover:text-rose hover:underline">
                        {value}
                      </a>
                    ) : (
                      value
                    )}
                  </dd>
                </div>
              ))}
            </dl>
          </div>
          <div className="rounded-[var(--radius-card)] bg-mist p-6 sm:p-10">
            <h2 className="mb-6 text-2xl font-semibold">Send us a message</h2>
            <ContactForm />
          </div>
        </div>
      </section>
      {map && (
        <section aria-labelledby="map-title" className="pb-[clamp(4rem,8vw,7.5rem)]">
          <div className="container-page">
            <h2 id="map-title" className="mb-6 text-2xl font-semibold">
              Find the venue
            </h2>
            <MapEmbed {...map} />
          </div>
        </section>
      )}
    </>
  );
}
