// The views: every loader's data, shaped here and only here. A view keeps only the fields its page shows,
// because a loader's result is written into each page's HTML and .data file. Route loaders call one view
// (and throw the 404 when it finds nothing); components take these shapes as plain props.
import { DAY_PASS_ID } from "~/lib/tickets/api";
import type { ShellData } from "~/lib/shell-data";
import { islandData } from "~/lib/island-data";
import { changeMark, programmeChanges } from "~/lib/schedule/changes";
import { conferenceJsonLd, sessionJsonLd, withContext } from "~/lib/seo/json-ld";
import {
  getBannerSlides,
  getCategories,
  getComments,
  getEventInfo,
  getFaqs,
  getFeatures,
  getLatestPosts,
  getPages,
  getPost,
  getScheduleDays,
  getSession,
  getSite,
  getSpeaker,
  getSpeakers,
  getTags,
  getTerms,
  getTestimonials,
  getTicketPlans,
  type Post,
} from "./content.server";
import { agendaCalendarData } from "./paths.server";
import { pageUrl } from "~/lib/urls";
import {
  speakerCards,
  eventZone,
  scheduleTabs,
  clientLogos,
  galleryImages,
  funFacts,
  sponsorTokenCards,
  venueMap,
  aboutSection,
  contactLine,
  postCard,
  postFiling,
  postSummary,
} from "./view-pieces.server";

// ---- One view a page ----

/** What every page's header and footer show (the root loader). */
export function shellView(): ShellData {
  const site = getSite();
  return {
    timeZone: site.timeZone,
    eventTitle: site.title,
    year: Number(site.dates.start.slice(0, 4)),
    tagline: site.tagline,
    registrationUrl: site.registrationUrl,
    phone: site.contact.phone,
    phoneHref: site.contact.phoneHref,
    email: site.contact.email,
    address: site.contact.address.text,
    hours: site.hours,
    social: site.social.map(({ network, url }) => ({ network, href: url })),
    searchKeywords: site.searchKeywords,
    footerNav: site.footerNav,
  };
}

/** The main home page: banner, countdown, about, features, guests, schedule, Nets of Prayer, news. */
export function homeView() {
  const site = getSite();
  const { dates, venue, netsOfPrayer: nets } = site;
  const start = getScheduleDays()[0];
  return {
    banner: {
      slides: getBannerSlides().map(({ id, subTitle, title1, title2, image, button }) => ({
        id,
        subTitle,
        title1,
        title2,
        image,
        button,
      })),
      facts: {
        dateText: dates.text,
        seats: site.seats,
        speakers: site.speakerCount,
        venue: `${venue.name}, ${venue.address.city}`,
      },
    },
    countdown: {
      target: site.countdowns.landing.at,
      startText: `${start?.fullDate ?? dates.text}, ${dates.dailyStart}`,
      endsAt: dates.endsAt,
      dateText: dates.text,
    },
    // The sections React does not hydrate: absent from the page's hydration data (lib/island-data.ts).
    islands: islandData({
      about: aboutSection(site),
      features: getFeatures().map(({ id, title, icon, text, delay }) => ({ id, title, icon, text, delay })),
      speakers: speakerCards(),
      nets: {
        title: nets.title,
        date: nets.date,
        dateText: nets.dateText,
        description: nets.description,
        partner: nets.partner,
        registrationUrl: nets.registrationUrl,
        buttonText: nets.buttonText,
        image: nets.image,
      },
      news: getLatestPosts(3).map(postCard),
    }),
    schedule: scheduleTabs(),
    dateText: dates.text,
    zone: eventZone(),
    jsonLd: conferenceJsonLd(site, getScheduleDays(), getTicketPlans(), getSpeakers()),
  };
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
    map: venueMap(site),
    clients: clientLogos(),
    testimonials: getTestimonials(),
    zone: eventZone(),
    tokens: sponsorTokenCards(),
    contact: contactLine(site),
    gallery: galleryImages(),
  };
}

/** /home-2: the template with fun facts. */
export const homeTwoView = () => ({ ...conferenceTemplate(), funFacts: funFacts() });

/** /home-3: the template with the first `pictures` gallery pictures and the FAQs. */
export function homeThreeView(pictures: number) {
  const template = conferenceTemplate();
  return { ...template, gallery: template.gallery.slice(0, pictures), faqs: getFaqs() };
}

/** When the conference ends, for the countdowns that give way to "Took place …" afterwards. */
const afterEvent = (site: ReturnType<typeof getSite>) => ({ at: site.dates.endsAt, dateText: site.dates.text });

/** /home-4: a countdown banner. */
export function homeFourView() {
  const site = getSite();
  const { home4 } = getPages();
  return {
    eyebrow: home4.eyebrow,
    title: home4.title,
    facts: [
      { icon: "date" as const, label: "When", value: site.templateVariant.displayDate },
      { icon: "venue" as const, label: "Where", value: `${site.venue.name}, ${site.venue.address.city}` },
      { icon: "host" as const, label: "Hosted by", value: home4.hostedBy },
    ],
    target: site.countdowns.home4.at,
    after: afterEvent(site),
  };
}

/** /home-5: the meetup. */
export function homeFiveView() {
  const site = getSite();
  const { meetup } = getPages();
  return {
    eyebrow: meetup.eyebrow,
    title: site.templateVariant.meetup.title,
    facts: [
      { icon: "venue" as const, label: "Where", value: site.templateVariant.meetup.venue },
      { icon: "date" as const, label: "When", value: meetup.about.when },
    ],
    target: site.countdowns.home5.at,
    after: afterEvent(site),
    about: meetup.about,
    features: meetup.features,
    fluid: meetup.fluid,
  };
}

export const aboutUsView = () => ({
  story: getPages().aboutPage,
  about: aboutSection(getSite()),
  funFacts: funFacts(),
});

export function comingSoonView() {
  const site = getSite();
  return {
    copy: getPages().comingSoon,
    target: site.countdowns.comingSoon.at,
    after: afterEvent(site),
    social: site.social.map(({ network, url }) => ({ network, href: url })),
  };
}

export function contactView() {
  const site = getSite();
  const { contact, hours } = site;
  return { contact: { ...contact, address: contact.address.text, hours: hours.support }, map: venueMap(site) };
}

export const faqsView = () => ({ faqs: getFaqs() });

export const galleryView = () => ({ images: galleryImages() });

export const speakersView = () => ({ speakers: speakerCards() });

export const scheduleView = () => ({ zone: eventZone(), days: scheduleTabs() });

export function pricingView() {
  const { currency, plans, dayPass } = getTicketPlans();
  return {
    plans: {
      currency,
      dayPass,
      plans: plans.map(({ id, title, price, tickets, features, buttonText }) => ({
        id,
        title,
        price,
        tickets,
        features,
        buttonText,
      })),
    },
    tokens: sponsorTokenCards(),
    contact: contactLine(getSite()),
  };
}

export function buyTicketView() {
  const { currency, plans, dayPass } = getTicketPlans();
  return {
    currency,
    // The day pass is sold beside the plans (issue 42): one person, one day.
    plans: [
      ...plans.map(({ id, title, price, tickets, maxPerOrder }) => ({ id, title, price, tickets, maxPerOrder })),
      { id: DAY_PASS_ID, title: dayPass.title, price: dayPass.price, tickets: 1, maxPerOrder: dayPass.maxPerOrder },
    ],
    registrationUrl: getSite().registrationUrl,
  };
}

/** /terms: the ticket's terms and conditions, linked from the purchase form (issue 53). */
export function termsView() {
  const { title, updated, updatedText, html, summary } = getTerms();
  const { email, phone, phoneHref } = getSite().contact;
  return { title, updated, updatedText, html, summary, contact: { email, phone, phoneHref } };
}

/** /blog-grid: every post, newest first. */
export const blogGridView = () => ({ posts: getLatestPosts(Infinity).map(postSummary) });

/** /blog-sidebar: the posts, and the sidebar's categories, tags and latest posts. */
export function blogSidebarView() {
  return {
    ...blogGridView(),
    categories: getCategories().map(({ id, name, count }) => ({ id, name, count })),
    tags: getTags().map(({ id, name }) => ({ id, name })),
    latest: getLatestPosts(3).map(({ id, title, dateText }) => ({ id, title, dateText })),
  };
}

/** One post with its body, the newer and older posts as the list orders them, and the comments. */
export function blogPostView(id: number) {
  const post = getPost(id);
  if (!post) return undefined;
  const ordered = getLatestPosts(Infinity);
  const index = ordered.findIndex((p) => p.id === post.id);
  const link = (p: Post | undefined) => p && { id: p.id, title: p.title };
  return {
    post: { ...postCard(post), ...postFiling(post), bodyHtml: post.bodyHtml },
    newer: link(ordered[index - 1]),
    older: link(ordered[index + 1]),
    comments: getComments(),
  };
}

/** One speaker and the sessions they lead. */
export function speakerDetailView(id: number) {
  const speaker = getSpeaker(id);
  if (!speaker) return undefined;
  const sessions = getScheduleDays().flatMap((day) =>
    day.sessions
      .filter((s) => s.speaker?.id === speaker.id)
      .map((s) => ({
        dayId: day.id,
        id: s.id,
        number: s.number,
        title: s.title,
        day: `${day.label}, ${day.fullDate}`,
        timeText: s.timeText,
        change: changeMark(s.changes),
      })),
  );
  const { name, designation, photo, bioHtml } = speaker;
  return { speaker: { id: speaker.id, name, designation, photo, bioHtml }, sessions };
}

/** One session with its day, venue, neighbours and schema.org data. */
export function eventDetailView(dayId: number, sessionId: number) {
  const found = getSession(dayId, sessionId);
  if (!found) return undefined;
  const { day, session } = found;
  const site = getSite();
  const index = day.sessions.indexOf(session);
  const link = (s: (typeof day.sessions)[number] | undefined) =>
    s && { href: pageUrl.session(day.id, s.id), title: s.title };
  const { street, city, region, postalCode } = site.venue.address;
  return {
    dayId: day.id,
    dayText: `${day.label}, ${day.fullDate}`,
    zone: eventZone(),
    session: {
      id: session.id,
      number: session.number,
      title: session.title,
      text: session.text,
      image: session.image,
      startsAt: session.startsAt,
      endsAt: session.endsAt,
      change: changeMark(session.changes),
      speaker: session.speaker && {
        id: session.speaker.id,
        name: session.speaker.name,
        designation: session.speaker.designation,
      },
    },
    venue: { name: site.venue.name, address: `${street}, ${city}, ${region} ${postalCode}` },
    feedbackClosesAt: site.feedbackClosesAt,
    previous: link(day.sessions[index - 1]),
    next: link(day.sessions[index + 1]),
    jsonLd: withContext(sessionJsonLd(site, day, session)),
  };
}

/** /agenda: the days and every session; the visitor's own selection is added in the browser. */
export const agendaView = () => ({
  zone: eventZone(),
  days: getScheduleDays().map(({ id, label, fullDate }) => ({ id, label, fullDate })),
  ...agendaCalendarData(),
});

/** /changes: every announced change of the programme, newest first. */
export const changesView = () => ({ zone: eventZone(), changes: programmeChanges(getScheduleDays()) });
