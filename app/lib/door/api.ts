/**
 * The door page's calls to the server (issue 43, app/lib/door/protocol.ts). Every one needs the volunteer's
 * session: "signed-out" (401, or 403 for an account that may not check in) tells the page to wipe its copy
 * of the list. A network failure throws: the page stays offline and tries again.
 */
import {
  DOOR_PATHS,
  type DoorListAnswer,
  type DoorSearchAnswer,
  type DoorSyncAnswer,
  type DoorSyncRequest,
} from "./protocol";

export const SIGNED_OUT = "signed-out";

async function call<T>(path: string, init?: RequestInit): Promise<T | typeof SIGNED_OUT> {
  const res = await fetch(path, {
    ...init,
    credentials: "same-origin",
    cache: "no-store",
    headers: { Accept: "application/json", ...(init?.body ? { "Content-Type": "application/json" } : {}) },
  });
  if (res.status === 401 || res.status === 403) return SIGNED_OUT;
  if (!res.ok) throw new Error(`${path}: ${res.status}`);
  return (await res.json()) as T;
}

export const fetchList = () => call<DoorListAnswer>(DOOR_PATHS.list);

export const sendScans = (batch: DoorSyncRequest) =>
  call<DoorSyncAnswer>(DOOR_PATHS.sync, { method: "POST", body: JSON.stringify(batch) });

export const searchServer = (q: string) => call<DoorSearchAnswer>(`${DOOR_PATHS.search}?${new URLSearchParams({ q })}`);
