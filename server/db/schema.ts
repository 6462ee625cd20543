/**
 * The tables, typed for Drizzle. The SQL that creates them is in ./migrations (applied at start by
 * ./migrate.ts); a change is a new numbered migration plus the matching edit here.
 */
import {
  bigint,
  bigserial,
  boolean,
  customType,
  doublePrecision,
  integer,
  jsonb,
  pgSchema,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from "drizzle-orm/pg-core";

import type { AdminRole } from "../../app/forms/admin";
import type { PublishStep } from "../../app/lib/admin/publish";

/** A file sent with a mail; `cid` makes an image shown inside the mail (`<img src="cid:...">`). */
export interface MailAttachment {
  filename: string;
  contentType: string;
  /** base64 */
  content: string;
  cid?: string;
}

/** Issue 43: who an account is (migration 010). */
export type { AdminRole };
export type CheckInKind = "admission" | "conflict" | "undone";

const time = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

export const submissions = pgTable("submissions", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  kind: text("kind").notNull(),
  idempotencyKey: text("idempotency_key").unique(),
  data: jsonb("data").$type<Record<string, string>>().notNull(),
  email: text("email"),
  page: text("page"),
  consentVersion: text("consent_version").notNull(),
  ipHash: text("ip_hash").notNull(),
  /**
   * "new" or "handled"; a comment is "pending" until an organiser makes it "approved" (shown on its post by
   * `GET /api/comments/:postId`) or "rejected".
   */
  status: text("status").notNull().default("new"),
  createdAt: time("created_at").notNull().defaultNow(),
  handledAt: time("handled_at"),
});

export const newsletterSubscribers = pgTable("newsletter_subscribers", {
  email: text("email").primaryKey(),
  /** Secret of the confirm and unsubscribe links. */
  token: text("token").notNull().unique(),
  /** "unconfirmed", "confirmed" or "unsubscribed". */
  status: text("status").notNull().default("unconfirmed"),
  kind: text("kind").notNull(),
  consentVersion: text("consent_version").notNull(),
  ipHash: text("ip_hash").notNull(),
  createdAt: time("created_at").notNull().defaultNow(),
  confirmedAt: time("confirmed_at"),
  unsubscribedAt: time("unsubscribed_at"),
});

export const mailQueue = pgTable("mail_queue", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  submissionId: bigint("submission_id", { mode: "number" }).references(() => submissions.id, { onDelete: "cascade" }),
  toAddr: text("to_addr").notNull(),
  replyTo: text("reply_to"),
  subject: text("subject").notNull(),
  body: text("body").notNull(),
  unsubscribeUrl: text("unsubscribe_url"),
  attempts: integer("attempts").notNull().default(0),
  nextTryAt: time("next_try_at").notNull().defaultNow(),
  /** A sender holds the row until then; after it, another may take it (its sender died). */
  claimedUntil: time("claimed_until"),
  lastError: text("last_error"),
  sentAt: time("sent_at"),
  failedAt: time("failed_at"),
  createdAt: time("created_at").notNull().defaultNow(),
  /** An HTML version beside the text (a ticket's mail: its QR codes shown inline). */
  html: text("html"),
  /** Files sent with it (a ticket's QR codes and calendar file), base64. */
  attachments: jsonb("attachments").$type<MailAttachment[]>(),
});

export const rateLimits = pgTable(
  "rate_limits",
  {
    key: text("key").notNull(),
    windowStart: time("window_start").notNull(),
    count: integer("count").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] })],
);

/** A paid sponsor-token order, from the webhook `checkout.session.completed` (migration 002). */
export const orders = pgTable("orders", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  stripeEventId: text("stripe_event_id").notNull().unique(),
  stripeSessionId: text("stripe_session_id").notNull().unique(),
  tokenId: text("token_id"),
  /** In the currency's minor unit (cents). */
  amountMinor: integer("amount_minor").notNull(),
  currency: text("currency").notNull(),
  email: text("email"),
  name: text("name"),
  /** "paid" (the only state the webhook records today). */
  status: text("status").notNull().default("paid"),
  createdAt: time("created_at").notNull().defaultNow(),
});

/** An organiser account (migration 003); created with `npm run admin:add`. */
export const admins = pgTable("admins", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  email: text("email").notNull(),
  /** `scrypt$N$r$p$salt$hash` (server/admin/accounts/password.ts). */
  passwordHash: text("password_hash").notNull(),
  /** Set by `admin:add --generate`: the one-time password must be replaced at the first sign-in. */
  mustChangePassword: boolean("must_change_password").notNull().default(false),
  /** Wrong passwords in a row; the fifth locks the account until `lockedUntil`. */
  failedAttempts: integer("failed_attempts").notNull().default(0),
  lockedUntil: time("locked_until"),
  createdAt: time("created_at").notNull().defaultNow(),
  lastSignInAt: time("last_sign_in_at"),
  /** Migration 007: the name they gave (the author of their content saves); null: their address's local part. */
  displayName: text("display_name"),
  /** Migration 010 (issue 43): "organiser", or "door" (a volunteer who checks tickets in); 029: "volunteer" (shifts only). */
  role: text("role").$type<AdminRole>().notNull().default("organiser"),
});

/** A signed-in organiser: only the SHA-256 of the cookie's token is stored. */
export const adminSessions = pgTable("admin_sessions", {
  tokenHash: text("token_hash").primaryKey(),
  adminId: bigint("admin_id", { mode: "number" })
    .notNull()
    .references(() => admins.id, { onDelete: "cascade" }),
  createdAt: time("created_at").notNull(),
  lastSeenAt: time("last_seen_at").notNull(),
  /** The absolute end (12 hours after sign-in); the idle end is `lastSeenAt` + 2 h. */
  expiresAt: time("expires_at").notNull(),
});

/** Wrong passwords per account and client ("device:<hash>" or "ip:<hash>"); see migration 004. */
export const signInFailures = pgTable(
  "sign_in_failures",
  {
    adminId: bigint("admin_id", { mode: "number" })
      .notNull()
      .references(() => admins.id, { onDelete: "cascade" }),
    client: text("client").notNull(),
    failures: integer("failures").notNull().default(0),
    lockedUntil: time("locked_until"),
    updatedAt: time("updated_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.adminId, t.client] })],
);

/** A browser an organiser signed in on: only the SHA-256 of its cookie's token is stored. */
export const adminDevices = pgTable("admin_devices", {
  tokenHash: text("token_hash").primaryKey(),
  adminId: bigint("admin_id", { mode: "number" })
    .notNull()
    .references(() => admins.id, { onDelete: "cascade" }),
  createdAt: time("created_at").notNull(),
  lastUsedAt: time("last_used_at").notNull(),
});

/** Every sign-in, sign-out, failed sign-in, change and erasure. */
export const auditLog = pgTable("audit_log", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  adminId: bigint("admin_id", { mode: "number" }).references(() => admins.id, { onDelete: "set null" }),
  /** The organiser's address (organisers are not visitors: their addresses are kept). */
  actor: text("actor"),
  action: text("action").notNull(),
  /** "submission:12", "comment:3", or for an erasure "email-sha256:<hex>" (never the address). */
  target: text("target"),
  detail: jsonb("detail").$type<Record<string, unknown>>(),
  createdAt: time("created_at").notNull().defaultNow(),
});

/** Issue 30: one-time links that create an organiser's account (48 hours). */
export const adminInvites = pgTable("admin_invites", {
  tokenHash: text("token_hash").primaryKey(),
  email: text("email").notNull(),
  invitedBy: bigint("invited_by", { mode: "number" }).references(() => admins.id, { onDelete: "set null" }),
  createdAt: time("created_at").notNull().defaultNow(),
  expiresAt: time("expires_at").notNull(),
  usedAt: time("used_at"),
  /** Migration 007: the name the inviter gave ("their name"), offered to the invitee, who may change it. */
  displayName: text("display_name"),
  /** Migration 010: the role of the account it makes. */
  role: text("role").$type<AdminRole>().notNull().default("organiser"),
});

/** Issue 31: published builds, in schema "site" (left out of backups: builds are made from the content). */
const site = pgSchema("site");
const bytea = customType<{ data: Buffer }>({ dataType: () => "bytea" });

export const builds = site.table("builds", {
  id: text("id").primaryKey(),
  builtAt: time("built_at").notNull(),
  commit: text("commit"),
  /** Its files are in build_files, for the other servers on this database. */
  stored: boolean("stored").notNull().default(false),
  createdAt: time("created_at").notNull().defaultNow(),
  /** The build live before a publish made this one live (issue 51); null when a roll back or a deploy did. */
  replaced: text("replaced"),
  /** When the alerts of the programme changes since `replaced` were queued (migration 017). */
  alertedAt: time("alerted_at"),
});

export const blobs = site.table("blobs", {
  hash: text("hash").primaryKey(),
  bytes: bytea("bytes").notNull(),
});

export const buildFiles = site.table(
  "build_files",
  {
    buildId: text("build_id")
      .notNull()
      .references(() => builds.id, { onDelete: "cascade" }),
    path: text("path").notNull(),
    hash: text("hash")
      .notNull()
      .references(() => blobs.hash),
    mtimeMs: doublePrecision("mtime_ms").notNull(),
  },
  (t) => [primaryKey({ columns: [t.buildId, t.path] })],
);

export const liveBuild = site.table("live", {
  onlyRow: boolean("only_row").primaryKey().default(true),
  buildId: text("build_id")
    .notNull()
    .references(() => builds.id),
  switchedAt: time("switched_at").notNull().defaultNow(),
  switchedBy: text("switched_by"),
});

export const publishJobs = site.table("publish_jobs", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  /** "queued", "running", "done" or "failed"; one queued or running at a time (a unique index). */
  state: text("state").notNull().default("queued"),
  steps: jsonb("steps").$type<PublishStep[]>().notNull().default([]),
  error: text("error"),
  buildId: text("build_id"),
  requestedBy: text("requested_by"),
  createdAt: time("created_at").notNull().defaultNow(),
  heartbeatAt: time("heartbeat_at").notNull().defaultNow(),
  finishedAt: time("finished_at"),
});

/** Issue 42: each plan's seats (in people): capacity from content; sold and held changed only conditionally. */
export const ticketStock = pgTable("ticket_stock", {
  planId: text("plan_id").primaryKey(),
  capacity: integer("capacity").notNull(),
  sold: integer("sold").notNull().default(0),
  held: integer("held").notNull().default(0),
});

/** Seats kept for a buyer during checkout ("held"), then "sold" (an order), "released", or "replaced" by their new one. */
export const ticketHolds = pgTable("ticket_holds", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  planId: text("plan_id").notNull(),
  /** Units of the plan (a Family ticket is one unit of five people). */
  quantity: integer("quantity").notNull(),
  /** People: quantity times the plan's tickets. */
  seats: integer("seats").notNull(),
  email: text("email").notNull(),
  name: text("name").notNull(),
  phone: text("phone"),
  amountMinor: integer("amount_minor").notNull(),
  currency: text("currency").notNull(),
  /** The SHA-256 of the buyer's Idempotency-Key (issue 61), never the key. */
  idempotencyKey: text("idempotency_key").unique(),
  checkoutSessionId: text("checkout_session_id").unique(),
  /** The provider's page for that session: a retried request is sent to the same one. */
  checkoutUrl: text("checkout_url"),
  waitlistId: bigint("waitlist_id", { mode: "number" }),
  /** Who asked, as a hash (issue 50): a client keeps at most TICKET_OPEN_HOLDS open holds. */
  clientHash: text("client_hash"),
  /** A free order waiting for its address to be confirmed: the SHA-256 of the mailed link's secret. */
  confirmHash: text("confirm_hash").unique(),
  /** How it is paid (issue 53): "card", "later" (a pending order) or "manual" (issued by the organisers); null before. */
  paymentMethod: text("payment_method"),
  status: text("status").notNull().default("held"),
  expiresAt: time("expires_at").notNull(),
  createdAt: time("created_at").notNull().defaultNow(),
});

export const ticketOrders = pgTable("ticket_orders", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  holdId: bigint("hold_id", { mode: "number" })
    .notNull()
    .unique()
    .references(() => ticketHolds.id),
  planId: text("plan_id").notNull(),
  email: text("email").notNull(),
  name: text("name").notNull(),
  amountMinor: integer("amount_minor").notNull(),
  currency: text("currency").notNull(),
  paymentIntent: text("payment_intent"),
  /** "paid" (a free registration too), "pending" (pay later), "released" (unpaid past its deadline), "cancelled" or "refunded". */
  status: text("status").notNull().default("paid"),
  createdAt: time("created_at").notNull().defaultNow(),
  cancelledAt: time("cancelled_at"),
  /** Issue 53: "card", "later", "complimentary", "door"; with `paidBy` the way a pending order's money came. */
  paymentMethod: text("payment_method"),
  /** How a pay-later order was paid: "bank-transfer", "cash" or "cheque". */
  paidBy: text("paid_by"),
  paidAt: time("paid_at"),
  /** A pending order's deadline; one reminder after it (`remindedAt`), then released. */
  dueAt: time("due_at"),
  remindedAt: time("reminded_at"),
  releasedAt: time("released_at"),
  /** Issued by hand by an organiser. */
  manual: boolean("manual").notNull().default(false),
  /** Issued by hand past its plan's capacity, with a reason (issue 61, migration 021). */
  overCapacity: boolean("over_capacity").notNull().default(false),
});

/** Each step of an order's life (issue 53): created, paid, mailed, reminded, released, cancelled, refunded. */
export const ticketOrderEvents = pgTable("ticket_order_events", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  orderId: bigint("order_id", { mode: "number" })
    .notNull()
    .references(() => ticketOrders.id, { onDelete: "cascade" }),
  kind: text("kind").notNull(),
  actor: text("actor"),
  detail: jsonb("detail").$type<Record<string, unknown>>(),
  createdAt: time("created_at").notNull().defaultNow(),
});

/** The secret links of an order's page, /tickets/<token>: only their SHA-256 (issue 50). */
export const ticketOrderLinks = pgTable("ticket_order_links", {
  tokenHash: text("token_hash").primaryKey(),
  orderId: bigint("order_id", { mode: "number" })
    .notNull()
    .references(() => ticketOrders.id, { onDelete: "cascade" }),
  createdAt: time("created_at").notNull().defaultNow(),
});

/** A ticket sent on to another address (issue 50: counted per ticket and order and day). */
export const ticketForwards = pgTable("ticket_forwards", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  orderId: bigint("order_id", { mode: "number" })
    .notNull()
    .references(() => ticketOrders.id, { onDelete: "cascade" }),
  code: text("code").notNull(),
  createdAt: time("created_at").notNull().defaultNow(),
});

/** One person admitted: the code a QR carries, signed (app/lib/tickets/payload.ts). */
export const tickets = pgTable("tickets", {
  code: text("code").primaryKey(),
  orderId: bigint("order_id", { mode: "number" })
    .notNull()
    .references(() => ticketOrders.id, { onDelete: "cascade" }),
  planId: text("plan_id").notNull(),
  position: integer("position").notNull(),
  holderName: text("holder_name"),
  holderEmail: text("holder_email"),
  payload: text("payload").notNull(),
  /** The short code printed under its QR and typed at the door (migration 022): 8 of Crockford's base32, unique. */
  shortCode: text("short_code").notNull().unique("tickets_short_code"),
  status: text("status").notNull().default("valid"),
  createdAt: time("created_at").notNull().defaultNow(),
});

/** People waiting for a sold-out plan: "unconfirmed", "waiting", "offered", "bought" or "left". */
export const ticketWaitlist = pgTable("ticket_waitlist", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  planId: text("plan_id").notNull(),
  email: text("email").notNull(),
  /** The name they gave (migration 009), else null. */
  name: text("name"),
  quantity: integer("quantity").notNull(),
  /** The SHA-256 of its link's secret (migration 015): the confirmation's, then the offer's. */
  tokenHash: text("token_hash").notNull().unique(),
  status: text("status").notNull().default("unconfirmed"),
  createdAt: time("created_at").notNull().defaultNow(),
  confirmedAt: time("confirmed_at"),
  offeredAt: time("offered_at"),
});

/**
 * Issue 43: every scan a door device sent, once (the device's scan id is the key). One "admission" per ticket,
 * the earliest by the device's clock; a later admission of it is a "conflict"; an "Undo" makes it "undone".
 */
export const checkIns = pgTable("check_ins", {
  scanId: text("scan_id").primaryKey(),
  code: text("code")
    .notNull()
    .references(() => tickets.code, { onDelete: "cascade" }),
  device: text("device").notNull(),
  door: text("door").notNull(),
  adminId: bigint("admin_id", { mode: "number" }).references(() => admins.id, { onDelete: "set null" }),
  /** The device's time of the scan (never later than `receivedAt`). */
  scannedAt: time("scanned_at").notNull(),
  receivedAt: time("received_at").notNull().defaultNow(),
  kind: text("kind").$type<CheckInKind>().notNull(),
});

/** An agenda kept on the server for one person's devices (issue 44, migration 011): the SHA-256 of its link's secret. */
export const agendas = pgTable("agendas", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  secretHash: text("secret_hash").notNull().unique(),
  /** Moves with every change: the devices' ETag. */
  version: bigint("version", { mode: "number" }).notNull().default(1),
  createdAt: time("created_at").notNull().defaultNow(),
  /** The last sync, read or calendar fetch (at most once a day for reads); the purge deletes old ones. */
  usedAt: time("used_at").notNull().defaultNow(),
});

/** A kept agenda's latest change per session: starred or not, and when (the latest change wins). */
export const agendaStars = pgTable(
  "agenda_stars",
  {
    agendaId: bigint("agenda_id", { mode: "number" })
      .notNull()
      .references(() => agendas.id, { onDelete: "cascade" }),
    sessionNumber: integer("session_number").notNull(),
    starred: boolean("starred").notNull(),
    changedAt: time("changed_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.agendaId, t.sessionNumber] })],
);

/**
 * Alerts for a kept agenda's starred sessions (issue 44, migration 012): an e-mail address (confirmed by a mailed
 * link) or a browser's push subscription, kept with the agenda.
 */
export const alertSubscriptions = pgTable("alert_subscriptions", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  agendaId: bigint("agenda_id", { mode: "number" })
    .notNull()
    .references(() => agendas.id, { onDelete: "cascade" }),
  /** Lower-case; null for a push subscription. */
  email: text("email"),
  /** The push service's address for this browser; null for an e-mail subscription. */
  endpoint: text("endpoint"),
  p256dh: text("p256dh"),
  auth: text("auth"),
  /** The SHA-256 of the confirmation link's secret (migration 015), which unsubscribes too. */
  tokenHash: text("token_hash").notNull().unique(),
  /** "unconfirmed" | "confirmed" | "unsubscribed" */
  status: text("status").notNull().default("unconfirmed"),
  createdAt: time("created_at").notNull().defaultNow(),
  confirmedAt: time("confirmed_at"),
});

/** Each change (a session at its SEQUENCE) a subscription was told about: never twice. */
export const alertsSent = pgTable(
  "alerts_sent",
  {
    subscriptionId: bigint("subscription_id", { mode: "number" })
      .notNull()
      .references(() => alertSubscriptions.id, { onDelete: "cascade" }),
    sessionNumber: integer("session_number").notNull(),
    sequence: integer("sequence").notNull(),
    sentAt: time("sent_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.subscriptionId, t.sessionNumber, t.sequence] })],
);

/** The unsubscribe links of alert and announcement mails, one per mail (migration 015): the SHA-256 of each secret. */
export const alertLinks = pgTable("alert_links", {
  tokenHash: text("token_hash").primaryKey(),
  subscriptionId: bigint("subscription_id", { mode: "number" })
    .notNull()
    .references(() => alertSubscriptions.id, { onDelete: "cascade" }),
  createdAt: time("created_at").notNull().defaultNow(),
});

/** Issue 44, part 3: an organisers' announcement, shown as the site's banner from `sentAt` until `showsUntil`. */
export const announcements = pgTable("announcements", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  title: text("title").notNull(),
  body: text("body").notNull(),
  /**
   * The audience's id ("tickets", "newsletter", …: server/announcements/audiences.ts) and its label then;
   * both null for an announcement shown on the site only, mailed to nobody (migration 016).
   */
  audience: text("audience"),
  audienceLabel: text("audience_label"),
  /** The site's address its mails link to (SITE_URL, or the organiser's page's origin). */
  siteUrl: text("site_url").notNull(),
  showsUntil: time("shows_until").notNull(),
  createdBy: bigint("created_by", { mode: "number" }).references(() => admins.id, { onDelete: "set null" }),
  sentAt: time("sent_at").notNull().defaultNow(),
  withdrawnAt: time("withdrawn_at"),
});

/** One address an announcement goes to, once: queued into mail_queue (mailId) in the same transaction as queuedAt. */
export const announcementRecipients = pgTable(
  "announcement_recipients",
  {
    announcementId: bigint("announcement_id", { mode: "number" })
      .notNull()
      .references(() => announcements.id, { onDelete: "cascade" }),
    /** Lower-case. */
    email: text("email").notNull(),
    /** The audience's own unsubscribe link for this address (the newsletter's), if it has one. */
    unsubscribeUrl: text("unsubscribe_url"),
    queuedAt: time("queued_at"),
    /** Not sent: the address left the audience (unsubscribed) before its turn came. */
    skippedAt: time("skipped_at"),
    mailId: bigint("mail_id", { mode: "number" }),
  },
  (t) => [primaryKey({ columns: [t.announcementId, t.email] })],
);

export const schema = {
  submissions,
  newsletterSubscribers,
  mailQueue,
  rateLimits,
  orders,
  admins,
  adminSessions,
  signInFailures,
  adminDevices,
  auditLog,
  adminInvites,
  builds,
  blobs,
  buildFiles,
  liveBuild,
  publishJobs,
  ticketStock,
  ticketHolds,
  ticketOrders,
  ticketOrderEvents,
  tickets,
  ticketWaitlist,
  checkIns,
  agendas,
  agendaStars,
  alertSubscriptions,
  alertsSent,
  alertLinks,
  announcements,
  announcementRecipients,
};
