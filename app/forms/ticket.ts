import { EMAIL_FIELD, NAME_FIELD, PHONE_FIELD, type FormDefinition } from "./definition";

/** The ticket purchase request (/buy-ticket): the plan's choices come from content. */
export const ticket = {
  kind: "ticket",
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
      type: "checkbox",
      check: "accepted",
      wide: true,
    },
  ],
} as const satisfies FormDefinition;
