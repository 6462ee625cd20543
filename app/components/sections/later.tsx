import { later } from "../ui/later";

/**
 * The home pages' sections below their banner: their code is loaded after the page's first download (issue
 * 52; see ../ui/later.tsx).
 */
export const About = later(() => import("./about").then((m) => m.About));
export const AppDownload = later(() => import("./app-download").then((m) => m.AppDownload));
export const CallToAction = later(() => import("./call-to-action").then((m) => m.CallToAction));
export const Clients = later(() => import("./clients").then((m) => m.Clients));
export const CountdownSection = later(() => import("./countdown-section").then((m) => m.CountdownSection));
export const EventInfo = later(() => import("./event-info").then((m) => m.EventInfo));
export const FaqAccordion = later(() => import("./faq-accordion").then((m) => m.FaqAccordion));
export const Features = later(() => import("./features").then((m) => m.Features));
export const FunFacts = later(() => import("./fun-facts").then((m) => m.FunFacts));
export const GalleryCarousel = later(() => import("../gallery/gallery-carousel").then((m) => m.GalleryCarousel));
export const GallerySection = later(() => import("../gallery/gallery-section").then((m) => m.GallerySection));
export const Guests = later(() => import("./guests").then((m) => m.Guests));
export const LatestNews = later(() => import("./latest-news").then((m) => m.LatestNews));
export const MapEmbed = later(() => import("./map-embed").then((m) => m.MapEmbed));
export const NetsOfPrayer = later(() => import("./nets-of-prayer").then((m) => m.NetsOfPrayer));
export const NewsletterSection = later(() => import("./newsletter-section").then((m) => m.NewsletterSection));
export const ScheduleSection = later(() => import("./schedule").then((m) => m.ScheduleSection));
export const SponsorTokens = later(() => import("../tickets/sponsor-tokens").then((m) => m.SponsorTokens));
export const Testimonials = later(() => import("./testimonials").then((m) => m.Testimonials));
export const WhereWhen = later(() => import("./where-when").then((m) => m.WhereWhen));
