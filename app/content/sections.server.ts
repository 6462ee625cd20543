// Loader data shared by several pages (the home variants): only the fields their sections show,
// because a loader's result is written into each page's HTML and .data file.
import { mapPageUrl } from "~/components/sections/map-embed";
import {
  getClients,
  getEventInfo,
  getFunFacts,
  getGallery,
  getPages,
  getScheduleDays,
  getSite,
  getSpeakers,
  getSponsorTokens,
  getTestimonials,
} from "./content.server";

export const speakerCards = () =>
  getSpeakers().map(({ id, name, designation, photo }) => ({ id, name, designation, photo }));

export const scheduleTabs = () =>
  getScheduleDays().map(({ id, label, date, day, monthShort, year, fullDate, sessions }) => ({
    id,
    label,
    date,
    day,
    monthShort,
    year,
    fullDate,
    sessions: sessions.map(({ id, number, title, startsAt, endsAt, speaker }) => ({
      id,
      number,
      title,
      startsAt,
      endsAt,
      speaker: speaker && { name: speaker.name, designation: speaker.designation },
    })),
  }));

export const clientLogos = () => getClients().map(({ id, name, image }) => ({ id, name, image }));

export function funFacts() {
  const { durationMs, facts } = getFunFacts();
  return { durationMs, facts: facts.map(({ id, icon, end, title }) => ({ id, icon, end, title })) };
}

/** The conference template (/home-2, /home-3): banner, sections and their copy. */
export function conferenceTemplate() {
  const site = getSite();
  const { conference } = getPages();
  const { venue } = site;
  return {
    banner: {
      ...conference.banner,
      facts: [
        { icon: "date" as const, label: "When", value: site.templateVariant.displayDate },
        { icon: "venue" as const, label: "Where", value: `${venue.name}, ${venue.address.city}` },
      ],
    },
    features: conference.features,
    appDownload: conference.appDownload,
    callToAction: conference.callToAction,
    speakers: speakerCards(),
    schedule: scheduleTabs(),
    dateText: site.dates.text,
    displayDate: site.templateVariant.displayDate,
    eventInfo: getEventInfo(),
    map: venue.mapEmbedUrl && {
      embedUrl: venue.mapEmbedUrl,
      openUrl: mapPageUrl(venue.mapEmbedUrl),
      place: `${venue.name}, ${venue.address.text}`,
    },
    clients: clientLogos(),
    testimonials: getTestimonials(),
    timeZone: site.timeZone,
    tokens: sponsorTokenCards(),
    contact: { email: site.contact.email, phone: site.contact.phone },
    gallery: getGallery().map(({ id, image, caption }) => ({ id, image, caption })),
  };
}

export const sponsorTokenCards = () =>
  getSponsorTokens().map(({ id, icon, title, cost, currency, features, buttonText, paymentLink }) => ({
    id,
    icon,
    title,
    cost,
    currency,
    features,
    buttonText,
    paymentLink,
  }));
