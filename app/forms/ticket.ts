import { TICKETS_API } from "../lib/tickets/api";
import { EMAIL_FIELD, NAME_FIELD, PHONE_FIELD, type FormDefinition } from "./definition";

/**
 * The ticket purchase (/buy-ticket): the plan's choices come from content. It goes to the box office
 * (server/tickets/routes.ts), which answers with the card provider's checkout, or (a free plan) asks the buyer to
 * confirm their address by the mailed link, after which the tickets are mailed (issue 50);
 * without a card provider a paid plan is paid later where content allows it; one that takes only cards is answered
 * plainly (409, "Card payments are not available yet …", issue 61), and the page says so before anyone types.
 */
export const ticket = {
  kind: "ticket",
  endpoint: TICKETS_API.buy,
  sendNow: true,
  // A free registration's answer says to open the mailed link; a refusal (seats already held) says what to do.
  answerInPlace: true,
  success: "Purchase Request Submitted!",
  inboxLabel: "Ticket requests",
  mailLabel: "Ticket purchase request",
  fields: [
    NAME_FIELD,
    EMAIL_FIELD,
    PHONE_FIELD,
    { name: "quantity", label: "Quantity", noun: "the number of tickets", type: "number", check: "quantity" },
    { name: "plan", label: "Plan", noun: "the plan", type: "select", check: "planId", wide: true },
    {
      name: "terms",
      label: "I accept the terms and conditions of the conference.",
      noun: "the terms and conditions",
      // The terms page (content/terms.md, issue 53), opened beside the form so that nothing typed is lost.
      link: { text: "terms and conditions", href: "/terms" },
      type: "checkbox",
      check: "accepted",
      wide: true,
    },
  ],
} as const satisfies FormDefinition;
