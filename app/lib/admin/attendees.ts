import type { CheckIn, DoorFigures } from "../door/protocol";

/**
 * The organisers' Attendees tab (issue 42, item 5): the answers of `/api/admin/attendees/*`, shared by the page
 * (app/components/admin/box-office/box-office-panel.tsx, the one Orders list: seats and the CSV) and the server
 * (server/attendees/). An order's page and moves are the Box office's (./box-office.ts).
 */

/** `GET /api/admin/attendees/summary`: per plan, in people. */
export interface AttendeesSummary {
  plans: {
    id: string;
    title: string;
    capacity: number;
    sold: number;
    held: number;
    left: number;
    /** People on the waiting list (confirmed or with an open offer) and the seats they ask for. */
    waiting: number;
    waitingSeats: number;
  }[];
}

/** One order as listed by a search. */
export interface AttendeeOrderRow {
  id: number;
  /** TNCC-T000042 */
  reference: string;
  planId: string;
  plan: string;
  name: string;
  email: string;
  status: "paid" | "cancelled" | "refunded";
  tickets: number;
  amountMinor: number;
  currency: string;
  createdAt: string;
}

/** `GET /api/admin/attendees?q=`: orders whose buyer, reference, ticket code or ticket holder matches. */
export interface AttendeesSearch {
  q: string;
  orders: AttendeeOrderRow[];
}

/** `GET /api/admin/attendees/orders/:id` */
export interface AttendeeOrder extends AttendeeOrderRow {
  paymentIntent: string | null;
  cancelledAt: string | null;
  list: {
    position: number;
    code: string;
    holderName: string | null;
    holderEmail: string | null;
    status: string;
    /** Its admission at the door (issue 53): when, at which door, by whom; null until it came in. */
    checkedIn: CheckIn | null;
  }[];
  /** The event's time zone, the times' (absent when the box office is not running). */
  timeZone?: string;
}

/** `POST /api/admin/attendees/orders/:id/cancel` */
export interface CancelAnswer {
  reference: string;
  /** "requested": the provider was asked to refund; "none": nothing was paid; else refund by hand. */
  refund: "requested" | "none" | "no-provider" | "failed";
  seats: number;
  /** Waiting-list entries offered the freed seats. */
  offered: number;
  /** The order had been cancelled before (only the refund was asked for again). */
  already: boolean;
}

export const ATTENDEES_EXPORT_PATH = "/api/admin/attendees/export";

/**
 * `GET /api/admin/attendees/door` (issue 43): the door's live figures (server/door/queries.ts doorFigures, the
 * same as the door page's) and the phones reported for sending too many scans.
 */
export interface DoorOverview {
  figures: DoorFigures;
  /** The event's time zone: the door's times are told in it (issue 53). */
  timeZone?: string;
  reports: { at: string; who: string | null; device: string; door: string }[];
}
