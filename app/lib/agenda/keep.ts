/**
 * A kept agenda (issue 44, part 1): "My agenda" kept on the server under a private link, so one person's
 * devices share it. The browser–server contract: paths, limits and the request and answer schemas, read by
 * the server (server/agenda/) and by the browser's sync (./sync.ts, loaded only once an agenda is kept).
 * zod/mini, as the inbox's schemas; the pages load ./store.ts and ./kept-link.ts at start, never this.
 */
import * as z from "zod/mini";
import { KEPT_SECRET_PATTERN } from "./kept-link";

export * from "./kept-link";

/** The sessions one agenda records (starred or unstarred) at most: far above any programme, far below abuse. */
export const MAX_AGENDA_SESSIONS = 500;
/** Session numbers are small positive integers (content's stable numbers). */
const MAX_SESSION_NUMBER = 1_000_000;

/** One session's latest change: starred or not, at a time (ms since 1970) of the device that made it. */
export const StarChangeSchema = z.object({
  session: z.number().check(z.int(), z.minimum(1), z.maximum(MAX_SESSION_NUMBER)),
  starred: z.boolean(),
  at: z.number().check(z.int(), z.minimum(0)),
});
export type StarChange = z.infer<typeof StarChangeSchema>;

/** `POST /api/agendas` and `POST /api/agendas/:secret`. */
export const KeptAgendaChangesSchema = z.object({
  changes: z
    .array(StarChangeSchema)
    .check(z.maxLength(MAX_AGENDA_SESSIONS, `An agenda keeps at most ${MAX_AGENDA_SESSIONS} sessions.`)),
});
export type KeptAgendaChanges = z.infer<typeof KeptAgendaChangesSchema>;

/** The kept agenda as the server has it: every session it recorded (the latest change of each). */
export const KeptAgendaAnswerSchema = z.object({
  version: z.number().check(z.int()),
  stars: z.array(StarChangeSchema),
});
export type KeptAgendaAnswer = z.infer<typeof KeptAgendaAnswerSchema>;

/** `POST /api/agendas` answers the new secret with the agenda. */
export const KeptAgendaCreatedSchema = z.extend(KeptAgendaAnswerSchema, {
  secret: z.string().check(z.regex(KEPT_SECRET_PATTERN)),
});
export type KeptAgendaCreated = z.infer<typeof KeptAgendaCreatedSchema>;

/** The words of a refused agenda that would record too many sessions. */
export const tooManySessions = (count?: number) =>
  `An agenda can keep at most ${MAX_AGENDA_SESSIONS} sessions${count ? `; this one would have ${count}` : ""}. Please unstar some first.`;
