/**
 * The door page's calls to the server (issue 43, app/lib/door/protocol.ts). Every one needs the volunteer's
 * session: "signed-out" (401, or 403 for an account that may not check in) tells the page to wipe its copy
 * of the list. A network failure throws: the page stays offline and tries again.
 */
import type * as z from "zod/mini";
import { checked } from "../admin/route";
import {
  DOOR_PATHS,
  DoorListAnswerSchema,
  DoorSearchAnswerSchema,
  DoorSyncAnswerSchema,
  type DoorSyncRequest,
} from "./protocol";

export const SIGNED_OUT = "signed-out";

/** The answer, read by its schema (the contract's, app/api/admin/door.ts); one it refuses throws like a failure. */
async function call<S extends z.ZodMiniType>(
  answer: S,
  path: string,
  init?: RequestInit,
): Promise<z.output<S> | typeof SIGNED_OUT> {
  const res = await fetch(path, {
    ...init,
    credentials: "same-origin",
    cache: "no-store",
    headers: { Accept: "application/json", ...(init?.body ? { "Content-Type": "application/json" } : {}) },
  });
  if (res.status === 401 || res.status === 403) return SIGNED_OUT;
  if (!res.ok) throw new Error(`${path}: ${res.status}`);
  const read = checked(answer, await res.json());
  if (!read) throw new Error(`${path}: an answer this page does not understand (reload it)`);
  return read.data;
}

export const fetchList = () => call(DoorListAnswerSchema, DOOR_PATHS.list);

export const sendScans = (batch: DoorSyncRequest) =>
  call(DoorSyncAnswerSchema, DOOR_PATHS.sync, { method: "POST", body: JSON.stringify(batch) });

export const searchServer = (q: string) =>
  call(DoorSearchAnswerSchema, `${DOOR_PATHS.search}?${new URLSearchParams({ q })}`);
