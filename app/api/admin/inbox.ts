/**
 * The organisers' inbox (issue 18): the forms' submissions, comments to moderate, paid sponsor-token orders and
 * the erasure of an address: server/admin/inbox/.
 */
import * as z from "zod/mini";
import { bulkSchema, erasureSchema, listQuerySchema, moderationSchema, statusSchema } from "../../forms/admin";
import { adminRoute } from "../../lib/admin/route";

/** One submission of a form (a comment is one too), as the lists and the detail show it. */
const submissionRow = z.object({
  id: z.number(),
  kind: z.string(),
  status: z.string(),
  email: z.nullable(z.string()),
  data: z.record(z.string(), z.string()),
  page: z.nullable(z.string()),
  createdAt: z.string(),
  handledAt: z.nullable(z.string()),
});
export type SubmissionRow = z.infer<typeof submissionRow>;

/** A paid sponsor-token order (the payment webhook writes them). */
const orderRow = z.object({
  id: z.number(),
  stripeSessionId: z.string(),
  tokenId: z.nullable(z.string()),
  amountMinor: z.number(),
  currency: z.string(),
  email: z.nullable(z.string()),
  name: z.nullable(z.string()),
  status: z.string(),
  createdAt: z.string(),
});
export type OrderRow = z.infer<typeof orderRow>;

/** One page of a list, newest first. */
const pageOf = <T extends z.ZodMiniType>(item: T) =>
  z.object({ items: z.array(item), page: z.number(), pageCount: z.number(), total: z.number() });

/** New submissions per form, and the paid orders. */
export const inboxCounts = adminRoute({
  method: "GET",
  path: "/counts",
  answer: z.object({
    kinds: z.record(z.string(), z.object({ total: z.number(), unread: z.number() })),
    orders: z.number(),
  }),
});
export type InboxCounts = z.infer<typeof inboxCounts.answer>;

/** One page of a form's submissions, searched and filtered. */
export const listSubmissions = adminRoute({
  method: "GET",
  path: "/submissions",
  query: listQuerySchema,
  answer: pageOf(submissionRow),
});

/** One submission, whole. */
export const showSubmission = adminRoute({ method: "GET", path: "/submissions/:id", answer: submissionRow });

/** Several changed at once (from the list): the rows changed, and the ids there was no such row for. */
const changedRows = z.object({ items: z.array(submissionRow), missing: z.array(z.number()) });

/** A submission marked handled or new (comments are moderated under Comments). */
export const setSubmissionStatus = adminRoute({
  method: "PATCH",
  path: "/submissions/:id",
  body: statusSchema,
  answer: submissionRow,
});

export const setSubmissionStatuses = adminRoute({
  method: "PATCH",
  path: "/submissions",
  body: bulkSchema(statusSchema),
  answer: changedRows,
});

/** A comment approved, rejected, or back to pending. */
export const setCommentStatus = adminRoute({
  method: "PATCH",
  path: "/comments/:id",
  body: moderationSchema,
  answer: submissionRow,
});

export const setCommentStatuses = adminRoute({
  method: "PATCH",
  path: "/comments",
  body: bulkSchema(moderationSchema),
  answer: changedRows,
});

/** A comment deleted: 204, no answer. */
export const deleteComment = adminRoute({ method: "DELETE", path: "/comments/:id", answer: z.null() });

/** One page of paid orders. */
export const listOrders = adminRoute({
  method: "GET",
  path: "/orders",
  query: z.object({ page: listQuerySchema.shape.page }),
  answer: pageOf(orderRow),
});

/** Everything stored for an address erased: how many rows went from each table. */
export const eraseAddress = adminRoute({
  method: "POST",
  path: "/erasure",
  body: erasureSchema,
  answer: z.object({
    counts: z.object({
      submissions: z.number(),
      mail_queue: z.number(),
      newsletter_subscribers: z.number(),
      orders: z.number(),
      alert_subscriptions: z.number(),
      announcement_recipients: z.number(),
    }),
  }),
});

/** A form's submissions as CSV (a file: a link downloads it). */
export const exportSubmissions = adminRoute({ method: "GET", path: "/export/:kind", answer: null });
