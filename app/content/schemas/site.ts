import { z } from "zod";
import { DEFAULT_FEEDBACK_DAYS, feedbackClosesAt } from "../../lib/feedback/window";
import { zonedIso } from "../../lib/schedule/zoned-time";
import {
  TIME,
  address,
  dateParts,
  email,
  href,
  isIsoDate,
  isoDate,
  phone,
  phoneHref,
  social,
  text,
  time,
  timeZone,
  webUrl,
  withAlt,
  type CollectionContext,
} from "./fields";

/** The event itself (site.yaml). */
export function siteSchemas({ image }: CollectionContext) {
  const site = z
    .strictObject({
      shortName: text,
      title: text,
      tagline: text,
      description: text,
      timeZone,
      dates: z.strictObject({ start: isoDate, end: isoDate, dailyStart: time, dailyEnd: time }),
      venue: z.strictObject({
        name: text,
        address,
        mapEmbedUrl: webUrl.optional(),
      }),
      seats: z.int().positive(),
      /** The banner's number; the guest list may be longer. */
      speakerCount: z.int().positive(),
      themes: z.array(text).min(1),
      /**
       * An external ticketing page, when the organisers sell there too: then "Click to Register" opens it and
       * /buy-ticket shows its register block. Without it those buttons lead to /buy-ticket (issue 53).
       */
      registrationUrl: webUrl.optional(),
      contact: z.strictObject({ person: text, phone, email, address }),
      /**
       * The domain in every calendar entry's id ("session-8@tncc.example.org", issue 62): kept as it is once
       * published, whatever address the site moves to. Absent: the contact address's domain.
       */
      calendarDomain: z
        .string()
        .regex(
          /^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)+$/i,
          "must be a domain such as tncc.org",
        )
        .optional(),
      /**
       * Attendees rate a session until the end of this many days after the event's last day (issue 63).
       * Absent: 14.
       */
      feedbackDays: z.int("must be a whole number of days").min(0).max(365, "must be at most 365 days").optional(),
      /**
       * Volunteers' shifts (issue 66): a volunteer gives a shift back on their own until this many hours before it;
       * after that they ask an organiser. Absent: 24.
       */
      volunteers: z
        .strictObject({
          giveBackHours: z
            .int("must be a whole number of hours")
            .min(0)
            .max(336, "must be at most 336 hours (two weeks)"),
        })
        .optional(),
      hours: z.strictObject({ header: text, footer: text, support: text }),
      social: z.array(social),
      searchKeywords: z.array(text),
      about: z.strictObject({ title: text, text, image, alt: text }),
      netsOfPrayer: z.strictObject({
        title: text,
        date: isoDate,
        description: text,
        partner: z.strictObject({ team: text, arena: text }),
        registrationUrl: webUrl,
        buttonText: text,
        image,
        alt: text,
      }),
      countdowns: z.strictObject({ home4: isoDate, home5: isoDate, comingSoon: isoDate }),
      templateVariant: z.strictObject({
        displayDate: text,
        meetup: z.strictObject({ venue: text, title: text }),
      }),
      footerNav: z.array(z.strictObject({ label: text, href: href.optional() })),
      payment: z.strictObject({
        stripePublishableKey: z
          .string()
          .regex(/^pk_(test|live)_\w+$/, "must be a Stripe publishable key (pk_test_... or pk_live_...)"),
      }),
      og: z.strictObject({ image, alt: text }),
    })
    .superRefine((s, ctx) => {
      const { start, end, dailyStart, dailyEnd } = s.dates;
      if (isIsoDate(start) && isIsoDate(end) && end < start)
        ctx.addIssue({
          code: "custom",
          path: ["dates", "end"],
          message: `must not be before start (${s.dates.start})`,
        });
      if (TIME.test(dailyStart) && TIME.test(dailyEnd) && dailyEnd <= dailyStart)
        ctx.addIssue({
          code: "custom",
          path: ["dates", "dailyEnd"],
          message: `must be after dailyStart (${s.dates.dailyStart})`,
        });
    })
    .transform((s) => {
      const at = (date: string, hhmm = "00:00") => ({ date, at: zonedIso(date, hhmm, s.timeZone) });
      const start = dateParts(s.dates.start);
      const end = dateParts(s.dates.end);
      const sameMonth = start.month === end.month && start.year === end.year;
      return {
        ...s,
        contact: { ...s.contact, phoneHref: phoneHref(s.contact.phone) },
        calendarDomain: s.calendarDomain ?? s.contact.email.split("@").at(-1)!.toLowerCase(),
        dates: {
          ...s.dates,
          /** "24 - 27 October 2024" */
          text: sameMonth ? `${Number(start.day)} - ${end.dateText}` : `${start.dateText} - ${end.dateText}`,
          startsAt: zonedIso(s.dates.start, s.dates.dailyStart, s.timeZone),
          endsAt: zonedIso(s.dates.end, s.dates.dailyEnd, s.timeZone),
        },
        feedbackDays: s.feedbackDays ?? DEFAULT_FEEDBACK_DAYS,
        /** Ratings close at this instant (app/lib/feedback/window.ts). */
        feedbackClosesAt: feedbackClosesAt(s.dates.end, s.feedbackDays ?? DEFAULT_FEEDBACK_DAYS, s.timeZone),
        about: { title: s.about.title, text: s.about.text, image: withAlt(s.about.image, s.about.alt) },
        netsOfPrayer: {
          ...s.netsOfPrayer,
          dateText: dateParts(s.netsOfPrayer.date).dateText,
          startsAt: zonedIso(s.netsOfPrayer.date, "00:00", s.timeZone),
          image: withAlt(s.netsOfPrayer.image, s.netsOfPrayer.alt),
        },
        /** Countdown targets: the landing page counts to the first day's opening time. */
        countdowns: {
          landing: at(s.dates.start, s.dates.dailyStart),
          home4: at(s.countdowns.home4),
          home5: at(s.countdowns.home5),
          comingSoon: at(s.countdowns.comingSoon),
        },
        og: { image: withAlt(s.og.image, s.og.alt) },
      };
    });
  return { site };
}
