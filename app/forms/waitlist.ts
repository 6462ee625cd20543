import { WAITLIST_JOIN_PATH } from "../lib/tickets/waitlist";
import { EMAIL_FIELD, NAME_FIELD, type FormDefinition } from "./definition";

/**
 * The waiting list of a sold-out plan (/buy-ticket, issue 42 item 4): sent to the box office's waiting list
 * (server/tickets/waitlist/routes.ts, which checks it with this definition and keeps it in its own table, so it
 * is neither an inbox tab nor a submission). The answer (a confirmation link was mailed, or seats are free after
 * all) is shown in the form, where the eye is. The plan is a choice, prefilled with the plan asked for: the
 * pre-rendered page knows no `?plan=`, so without JavaScript the visitor must be able to see and set it.
 */
export const waitlist = {
  kind: "waitlist",
  endpoint: WAITLIST_JOIN_PATH,
  sendNow: true,
  ownTable: true,
  answerInPlace: true,
  success: "Almost done: we sent you an e-mail. Open its link to take your place on the waiting list.",
  fields: [
    { ...NAME_FIELD, required: false },
    EMAIL_FIELD,
    { name: "quantity", label: "Quantity", noun: "the number of tickets", type: "number", check: "quantity" },
    { name: "plan", label: "Plan", noun: "the plan", type: "select", check: "planId", wide: true },
  ],
} as const satisfies FormDefinition;
