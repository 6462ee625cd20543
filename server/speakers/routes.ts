/**
 * Speakers' own page (issue 63, item 1).
 *
 * The speaker's, with their private link's secret (no password; a link unknown, revoked, or used for another
 * speaker's session all answer the same 404):
 * - `GET /api/speakers/page/:token`: their sessions (day, time and place on the event's clock, what changed),
 *   profile and sessions' texts, their session numbers, and the edit waiting for review.
 * - `POST /api/speakers/page/:token/edits` (multipart: `edit` as JSON, `photo` optional): sent for review,
 *   checked as the editor checks (plain text, lengths, the picture checks of server/content/images.ts).
 *
 * The organisers' (People, Speakers), under `/api/admin`:
 * - `GET /speakers`: the content's speakers with their address, link and waiting edit.
 * - `POST /speakers/:id/invite` `{ email }`, `POST /speakers/:id/resend`, `POST /speakers/:id/revoke`.
 * - `GET /speakers/edits/:id` (side by side with the live text), `GET /speakers/edits/:id/photo`,
 *   `POST /speakers/edits/:id/accept` (saved into the content as the speaker's own commit, the editor's way),
 *   `POST /speakers/edits/:id/decline`.
 */
import { Hono, type Context } from "hono";
import * as api from "../../app/api/admin/speakers";
import type { ReviewLine } from "../../app/api/admin/speakers";
import { firstIssue, parseId } from "../../app/forms/admin";
import {
  LINK_DOES_NOT_WORK,
  SPEAKER_TOKEN,
  fieldOf,
  speakerEditSchema,
  speakerPagePath,
  type SpeakerEdit,
  type SpeakerEditError,
  type SpeakerPageAnswer,
} from "../../app/forms/speaker-page";
import { DESIGNATIONS, SOCIAL_NETWORKS } from "../../app/content/schemas/fields";
import { notFound, organiserContext, serve, type AdminContext, type AdminEnv } from "../admin";
import { nameOf } from "../admin/accounts/queries";
import type { FeatureRoutes, ServerContext } from "../context";
import { loadTools, serial, UNAVAILABLE, type ContentOptions, type Tools } from "../content";
import { liveProgramme, speakerSummary } from "../feedback";
import { limitBody } from "../headers";
import { missLimit, rateLimit } from "../rate-limit";
import { sameOrigin } from "../request";
import type * as SpeakerContentTools from "./content";
import { speakerLinkMail } from "./mail";
import {
  contacts,
  decideEdit,
  lastDecision,
  newSpeakerLink,
  revokeSpeakerLinks,
  sendEdit,
  speakerOfLink,
  waitingEdit,
  waitingEdits,
} from "./queries";

type Reader = typeof SpeakerContentTools;
let reading: Promise<Reader> | null = null;
const reader = (): Promise<Reader> =>
  (reading ??= import("./content").catch((error: unknown) => {
    reading = null;
    throw error;
  }));

/** A photo and the edit's fields: 10 MB and a little more (a larger one gets 413 before it is read). */
const EDIT_BODY_LIMIT = 10 * 1024 * 1024 + 64 * 1024;
const PHOTO_TOO_LARGE = "That photo is larger than 10 MB: please choose a smaller one.";

const refused = (c: Context, status: 400 | 409 | 413 | 415 | 422, error: string, field?: string) =>
  c.json({ error, ...(field ? { field } : {}) } satisfies SpeakerEditError, status);

export function speakersRoutes(ctx: ServerContext, content: ContentOptions): Hono {
  const db = ctx.database!.db;
  const dir = content.copy.dir;
  const app = new Hono();
  const programme = liveProgramme(ctx.liveDir);
  const misses = missLimit({ max: 60, windowMs: 60_000, now: ctx.now, shared: { db, name: "speaker-page-miss" } });
  const doesNotWork = (c: Context) =>
    misses.unknown(c, ctx.clientKey(c), () => c.json({ error: LINK_DOES_NOT_WORK }, 404) as unknown as Response);
  const speakerOf = async (c: Context) => {
    const token = c.req.param("token") ?? "";
    return SPEAKER_TOKEN.test(token) ? speakerOfLink(db, token) : null;
  };
  const read = async (speakerId: number) => {
    const r = await reader();
    const facts = await r.eventFacts(dir);
    return r.speakerContent(dir, speakerId, facts.timeZone, facts.place);
  };

  app.get("/api/speakers/page/:token", async (c) => {
    const who = await speakerOf(c);
    const found = who && (await read(who.speakerId));
    if (!who || !found) return doesNotWork(c);
    const [waiting, decided, feedback] = await Promise.all([
      waitingEdit(db, { speakerId: who.speakerId }),
      lastDecision(db, who.speakerId),
      programme().then((p) =>
        speakerSummary(
          db,
          found.sessions.map((s) => s.number),
          p.programme,
        ),
      ),
    ]);
    return c.json({
      speaker: { id: found.file.id, ...found.file.profile, photo: `/images/${found.file.photo}` },
      sessions: found.sessions.map(({ rel: _rel, ...s }) => s),
      feedback,
      roles: DESIGNATIONS,
      networks: SOCIAL_NETWORKS,
      bases: found.bases,
      waiting: waiting ? { sentAt: waiting.sentAt.toISOString(), edit: waiting.edit, photo: !!waiting.photo } : null,
      decided: decided ? { outcome: decided.outcome, at: decided.at.toISOString() } : null,
    } satisfies SpeakerPageAnswer);
  });

  const sendLimit = rateLimit({
    max: 30,
    windowMs: 60 * 60_000,
    key: ctx.clientKey,
    now: ctx.now,
    shared: { db, name: "speaker-edit" },
  });
  const photoLimit = limitBody(EDIT_BODY_LIMIT, (c) => c.json({ error: PHOTO_TOO_LARGE, field: "photo" }, 413));
  app.post(
    "/api/speakers/page/:token/edits",
    sendLimit,
    async (c, next) => {
      if (!sameOrigin(c, ctx)) return c.json({ error: "Cross-origin posts are refused" }, 403);
      const length = c.req.header("content-length");
      if (length === undefined || c.req.header("transfer-encoding") !== undefined)
        return refused(c, 400, "The page did not say how much it sent: please try again.");
      if (Number(length) > EDIT_BODY_LIMIT) return refused(c, 413, PHOTO_TOO_LARGE, "photo");
      return photoLimit(c, next);
    },
    async (c) => {
      // The link is checked before the body is read.
      const who = await speakerOf(c);
      const found = who && (await read(who.speakerId));
      if (!who || !found) return doesNotWork(c);
      const form = await c.req.parseBody().catch(() => null);
      let raw: unknown = null;
      try {
        raw = typeof form?.edit === "string" ? JSON.parse(form.edit) : null;
      } catch {
        raw = null;
      }
      const parsed = speakerEditSchema.safeParse(raw);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        return refused(c, 422, firstIssue(parsed.error), issue ? fieldOf(issue.path, raw as SpeakerEdit) : undefined);
      }
      const edit = parsed.data;
      // A session that is not theirs: the link does not work for it, as for an unknown link.
      const own = new Set(found.sessions.map((s) => s.number));
      if (edit.sessions.some((s) => !own.has(s.number))) return doesNotWork(c);
      if (!(DESIGNATIONS as readonly string[]).includes(edit.profile.designation))
        return refused(c, 422, `Choose your role: ${DESIGNATIONS.join(", ")}.`, "designation");
      const badNetwork = edit.profile.social.findIndex(
        (s) => !(SOCIAL_NETWORKS as readonly string[]).includes(s.network),
      );
      if (badNetwork >= 0)
        return refused(c, 422, `Choose the network: ${SOCIAL_NETWORKS.join(", ")}.`, `social.${badNetwork}.network`);
      let bases: unknown = null;
      try {
        bases = typeof form?.bases === "string" ? JSON.parse(form.bases) : null;
      } catch {
        bases = null;
      }
      const changedSince =
        !bases ||
        typeof bases !== "object" ||
        Object.entries(found.bases).some(([rel, blob]) => (bases as Record<string, unknown>)[rel] !== blob);
      if (changedSince)
        return refused(
          c,
          409,
          "The organisers saved a change to your page since you opened it, so nothing was sent. Your text is still in the form: copy what you need, reload the page, and send it again.",
        );
      let photo: { bytes: Buffer; ext: "jpg" | "png" } | null = null;
      const file = form?.photo;
      if (file instanceof File && file.size > 0) {
        let t: Tools;
        try {
          t = await loadTools();
        } catch {
          return c.json({ error: UNAVAILABLE }, 503);
        }
        const checked = await t.checkPicture(Buffer.from(await file.arrayBuffer()));
        if (!checked.ok)
          return refused(c, checked.status, checked.error.replace("That picture", "That photo"), "photo");
        photo = { bytes: checked.bytes, ext: checked.ext };
      }
      await sendEdit(db, who.speakerId, edit, found.bases, photo);
      return c.json({
        message: "Sent for review. The organisers will look at it; you can still change it until then.",
      });
    },
  );

  return app;
}

/** A review line per field the edit changes, live text beside the speaker's. */
function reviewLines(found: SpeakerContentTools.SpeakerContent, edit: SpeakerEdit): ReviewLine[] {
  const live = found.file.profile;
  const links = (l: SpeakerEdit["profile"]["social"]) => l.map((s) => `${s.network}: ${s.url}`).join("\n");
  const lines: ReviewLine[] = [
    { label: "Name", live: live.name, proposed: edit.profile.name },
    { label: "Role", live: live.designation, proposed: edit.profile.designation },
    { label: "Bio", live: live.bio, proposed: edit.profile.bio },
    { label: "Links", live: links(live.social), proposed: links(edit.profile.social) },
    ...found.sessions.map((s) => ({
      label: `Session text: ${s.title} (${s.day})`,
      live: s.text,
      proposed: edit.sessions.find((e) => e.number === s.number)?.text ?? s.text,
    })),
  ];
  return lines.filter((l) => l.live.trim() !== l.proposed.trim());
}

export function registerSpeakers(admin: Hono<AdminEnv>, ctx: ServerContext, content: ContentOptions): void {
  const db = ctx.database!.db;
  const { copy, images } = content;
  const dir = copy.dir;
  const siteUrl = (ctx.siteUrl ?? ctx.forms?.siteUrl ?? "").replace(/\/+$/, "");
  const mailed = Boolean(ctx.canMail && siteUrl);
  const organiser = (c: Context<AdminEnv>) => ({ adminId: c.get("admin").id, actor: c.get("admin").email });
  const read = async (speakerId: number) => {
    const r = await reader();
    const facts = await r.eventFacts(dir);
    return r.speakerContent(dir, speakerId, facts.timeZone, facts.place);
  };

  serve(admin, api.listSpeakers, async () => {
    const r = await reader();
    const [files, known, waiting] = await Promise.all([r.speakerFiles(dir), contacts(db), waitingEdits(db)]);
    const byId = new Map(known.map((k) => [k.speakerId, k]));
    return {
      canMail: mailed,
      speakers: files.map((f) => {
        const k = byId.get(f.id);
        const w = waiting.get(f.id);
        return {
          id: f.id,
          name: f.profile.name,
          email: k?.email ?? null,
          invitedAt: k?.invitedAt.toISOString() ?? null,
          live: k?.live ?? false,
          waiting: w ? { id: w.id, sentAt: w.sentAt.toISOString() } : null,
        };
      }),
    };
  });

  const link = async (c: AdminContext, rawId: string, email: string | null) => {
    const id = parseId(rawId);
    const found = id === null ? null : await read(id);
    if (id === null || !found) return notFound(c, "There is no such speaker in the content.");
    const who = c.get("admin");
    const made = await newSpeakerLink(db, id, email, organiser(c), (token, to) =>
      mailed
        ? speakerLinkMail(
            to,
            found.file.profile.name,
            `${siteUrl}${speakerPagePath(token)}`,
            nameOf(who),
            email === null,
          )
        : null,
    );
    if (!made) return notFound(c, `${found.file.profile.name} has not been invited yet.`);
    const name = found.file.profile.name;
    return {
      message: mailed
        ? `${email === null ? "A new link was sent" : "The link was sent"} to ${name} at ${made.email}.${email === null ? " The old link no longer works." : ""}`
        : `Mail is not set up on this server: pass this link on to ${name} yourself.`,
      ...(mailed ? {} : { link: `${siteUrl}${speakerPagePath(made.token)}` }),
    };
  };

  serve(admin, api.inviteSpeaker, (c, { body, params }) => link(c, params.id, body.email));
  serve(admin, api.resendSpeakerLink, (c, { params }) => link(c, params.id, null));
  serve(admin, api.revokeSpeakerLink, async (c, { params }) => {
    const id = parseId(params.id);
    if (id === null) return notFound(c, "There is no such speaker in the content.");
    const done = await revokeSpeakerLinks(db, id, organiser(c));
    return done
      ? { message: "Their link no longer works. Send the link again to give them access." }
      : c.json({ error: "This speaker has no link that works." }, 409);
  });

  const editOf = async (rawId: string) => {
    const id = parseId(rawId);
    const edit = id === null ? null : await waitingEdit(db, { id });
    const found = edit && (await read(edit.speakerId));
    return edit && found ? { edit, found } : null;
  };
  const GONE = "This change was accepted or declined already.";

  serve(admin, api.speakerEdit, async (c, { params }) => {
    const got = await editOf(params.id);
    if (!got) return notFound(c, GONE);
    const { edit, found } = got;
    return {
      id: edit.id,
      speakerId: edit.speakerId,
      name: found.file.profile.name,
      sentAt: edit.sentAt.toISOString(),
      lines: reviewLines(found, edit.edit),
      photo: edit.photo
        ? { live: `/images/${found.file.photo}`, proposed: `/api/admin/speakers/edits/${edit.id}/photo` }
        : null,
    };
  });

  serve(admin, api.speakerEditPhoto, async (c, { params }) => {
    const got = await editOf(params.id);
    if (!got?.edit.photo) return notFound(c, "There is no such photo.");
    return c.body(new Uint8Array(got.edit.photo), 200, {
      "Content-Type": got.edit.photoExt === "png" ? "image/png" : "image/jpeg",
      "Cache-Control": "private, no-store",
    });
  });

  serve(admin, api.declineSpeakerEdit, async (c, { params }) => {
    const id = parseId(params.id);
    if (id === null || !(await decideEdit(db, id, "declined", organiser(c)))) return notFound(c, GONE);
    return { message: "Declined: nothing was saved, and the live text is as it was." };
  });

  serve(admin, api.acceptSpeakerEdit, async (c, { params }) => {
    let t: Tools;
    try {
      t = await loadTools();
    } catch {
      return c.json({ error: UNAVAILABLE }, 503);
    }
    const r = await reader();
    const who = organiser(c);
    const outcome = await serial(async (): Promise<Response | { message: string }> => {
      const got = await editOf(params.id);
      if (!got) return notFound(c, GONE);
      const { edit, found } = got;
      const name = found.file.profile.name;
      const contact = (await contacts(db)).find((k) => k.speakerId === edit.speakerId);
      const author = { email: contact?.email ?? "speaker@invalid", name: edit.edit.profile.name };
      // An organiser's save since the speaker opened their page: the later save (this one) is told; nothing is lost.
      const since = Object.entries(edit.bases).some(
        ([rel, blob]) => found.bases[rel] !== undefined && found.bases[rel] !== blob,
      );
      if (since)
        return c.json(
          {
            error: `Since ${name} sent this, someone saved their page or sessions in the editor, so nothing was saved: neither text is lost. Compare the two below and copy what you need in the editor, or decline and ask ${name} to send it again from their page.`,
          },
          409,
        );
      const days = await r.dayTexts(dir, found);
      let photo: string | null = null;
      const commits: string[] = [];
      if (edit.photo) {
        if (!images) return c.json({ error: "Pictures cannot be saved on this server." }, 503);
        // The picture first, checked again as every upload is, so the speaker's file may name it.
        const saved = await t.saveImage(
          images,
          {
            folder: "speakers",
            fileName: `${edit.edit.profile.name}.${edit.photoExt ?? "jpg"}`,
            bytes: edit.photo,
            alt: `Portrait of ${edit.edit.profile.name}`,
          },
          author,
          copy.collections,
        );
        if (!saved.ok) return c.json({ error: saved.error }, saved.status);
        photo = saved.path;
        commits.push(saved.commit);
      }
      const texts = r.editedTexts(found, days, edit.edit, photo);
      const problems = await t.checkContent(copy, texts);
      if (problems.problems.length)
        return c.json(
          { error: "The change was not saved: the site would not build with it.", problems: problems.problems },
          422,
        );
      for (const [rel, text] of Object.entries(texts)) {
        const saved = await t.saveContentFile(copy, rel, text, found.bases[rel] ?? "", author);
        if (!saved.ok)
          return c.json(
            {
              error: "conflict" in saved ? `${rel} changed meanwhile: try again.` : "The change was not saved.",
              problems: "problems" in saved ? saved.problems : [],
            },
            "conflict" in saved ? 409 : 422,
          );
        commits.push(saved.commit);
      }
      await decideEdit(db, edit.id, "accepted", who, { commits });
      return { message: `Saved as ${name}'s own change. It goes live with the next publish (Content, Publish).` };
    });
    return outcome;
  });
}

/** Speakers' own page: the speaker's routes and the organisers', with the content editor's working copy. */
export const routes = (ctx: ServerContext): FeatureRoutes => {
  const { content } = ctx;
  if (!ctx.database || !content) return {};
  const options = organiserContext(ctx);
  const organisers = options ? new Hono<AdminEnv>() : undefined;
  if (organisers && options) registerSpeakers(organisers, options, content);
  return { site: speakersRoutes(ctx, content), ...(organisers ? { organisers } : {}) };
};
