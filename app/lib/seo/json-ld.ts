import { SITE_URL } from "./meta";

/** schema.org `Event` data for search engines: the conference on the home page, one per session page. */

// Plain shapes of what the data uses (lib does not depend on the content layer; its types fit these).
interface Site {
  title: string;
  shortName: string;
  description: string;
  dates: { start: string; end: string };
  venue: { name: string; address: { street: string; city: string; region: string; postalCode: string } };
}
interface Session {
  id: number;
  title: string;
  text: string;
  startsAt: string;
  endsAt?: string;
  image: { src: string };
  speaker?: { name: string };
}
interface Day {
  id: number;
  sessions: Session[];
}
interface Plans {
  currency: string;
  plans: { id: string; title: string; price: number }[];
  dayPass: { title: string; price: number };
}

const place = (site: Site) => ({
  "@type": "Place",
  name: site.venue.name,
  address: {
    "@type": "PostalAddress",
    streetAddress: site.venue.address.street,
    addressLocality: site.venue.address.city,
    addressRegion: site.venue.address.region,
    postalCode: site.venue.address.postalCode,
    addressCountry: "US",
  },
});

const sessionUrl = (day: Day, session: Session) => `${SITE_URL}/event-detail/${day.id}/${session.id}`;

export function sessionJsonLd(site: Site, day: Day, session: Session) {
  return {
    "@type": "Event",
    name: session.title,
    description: session.text,
    startDate: session.startsAt,
    ...(session.endsAt ? { endDate: session.endsAt } : {}),
    eventStatus: "https://schema.org/EventScheduled",
    eventAttendanceMode: "https://schema.org/OfflineEventAttendanceMode",
    location: place(site),
    url: sessionUrl(day, session),
    image: `${SITE_URL}${session.image.src}`,
    ...(session.speaker ? { performer: { "@type": "Person", name: session.speaker.name } } : {}),
  };
}

export function withContext<T extends object>(data: T) {
  return { "@context": "https://schema.org", ...data };
}

export function conferenceJsonLd(
  site: Site,
  days: Day[],
  plans: Plans,
  speakers: { name: string; designation: string }[],
) {
  return withContext({
    "@type": "Event",
    name: site.title,
    description: site.description,
    startDate: site.dates.start,
    endDate: site.dates.end,
    eventStatus: "https://schema.org/EventScheduled",
    eventAttendanceMode: "https://schema.org/OfflineEventAttendanceMode",
    location: place(site),
    url: SITE_URL,
    organizer: { "@type": "Organization", name: site.shortName, url: SITE_URL },
    offers: [
      ...plans.plans.map((plan) => ({
        "@type": "Offer",
        name: plan.title,
        price: plan.price,
        priceCurrency: plans.currency,
        url: `${SITE_URL}/buy-ticket?plan=${plan.id}`,
        availability: "https://schema.org/InStock",
      })),
      {
        "@type": "Offer",
        name: plans.dayPass.title,
        price: plans.dayPass.price,
        priceCurrency: plans.currency,
        url: `${SITE_URL}/pricing`,
      },
    ],
    performer: speakers.map((s) => ({ "@type": "Person", name: s.name, jobTitle: s.designation })),
    // Each session by name, time and page; its page carries the full Event (sessionJsonLd). The whole list
    // here would double the home page's HTML (issue 19: the page must arrive in one round trip).
    subEvent: days.flatMap((day) =>
      day.sessions.map((session) => ({
        "@type": "Event",
        name: session.title,
        startDate: session.startsAt,
        ...(session.endsAt ? { endDate: session.endsAt } : {}),
        url: sessionUrl(day, session),
      })),
    ),
  });
}
