// The pieces several pages' views show (app/content/views.server.ts): speaker cards, schedule tabs, logos,
// a post's card. Each keeps only the fields its section shows.
import { mapPageUrl } from "~/lib/map-url";
import { zoneName, type EventZone } from "~/lib/schedule/time";
import { changeMark } from "~/lib/schedule/changes";
import {
  getClients,
  getFunFacts,
  getGallery,
  getScheduleDays,
  getSite,
  getSpeakers,
  getSponsorTokens,
  type Post,
  type Site,
} from "./content.server";

export const speakerCards = () =>
  getSpeakers().map(({ id, name, designation, photo }) => ({ id, name, designation, photo }));

/** The event's zone and its name at the conference's start, named here so pages need no Intl to show it. */
export function eventZone(): EventZone {
  const { timeZone, dates } = getSite();
  return { id: timeZone, name: zoneName(timeZone, dates.startsAt) };
}

export const scheduleTabs = () =>
  getScheduleDays().map(({ id, label, date, day, monthShort, year, fullDate, sessions }) => ({
    id,
    label,
    date,
    day,
    monthShort,
    year,
    fullDate,
    sessions: sessions.map(({ id, number, title, startsAt, endsAt, speaker, changes }) => ({
      id,
      number,
      title,
      startsAt,
      endsAt,
      speaker: speaker && { name: speaker.name, designation: speaker.designation },
      change: changeMark(changes),
    })),
  }));

export const clientLogos = () => getClients().map(({ id, name, image }) => ({ id, name, image }));

export const galleryImages = () => getGallery().map(({ id, image, caption }) => ({ id, image, caption }));

export function funFacts() {
  const { durationMs, facts } = getFunFacts();
  return { durationMs, facts: facts.map(({ id, icon, end, title }) => ({ id, icon, end, title })) };
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

/** The venue's embedded map, or undefined when site.yaml has no map address. */
export function venueMap({ venue }: Site) {
  return (
    venue.mapEmbedUrl && {
      embedUrl: venue.mapEmbedUrl,
      openUrl: mapPageUrl(venue.mapEmbedUrl),
      place: `${venue.name}, ${venue.address.text}`,
    }
  );
}

/** The about section (home, about-us). */
export function aboutSection(site: Site) {
  return { ...site.about, themes: site.themes, dateText: site.dates.text, registrationUrl: site.registrationUrl };
}

export const contactLine = ({ contact }: Site) => ({ email: contact.email, phone: contact.phone });

/** What a post card shows. */
export function postCard(post: Post) {
  const { id, title, date, dateText, author, comments, excerpt, image } = post;
  return { id, title, date, dateText, author, comments, excerpt, image };
}

/** A post's category and tags. */
export const postFiling = ({ category, tags }: Post) => ({
  category: { id: category.id, name: category.name },
  tags: tags.map(({ id, name }) => ({ id, name })),
});

/** What a blog list needs of each post: the card, its category and tags, and its text for the search. */
export const postSummary = (post: Post) => ({ ...postCard(post), ...postFiling(post), text: post.bodyText });
