/**
 * A door device's own record (issue 43), kept in IndexedDB beside the attendee list: the scans it admitted and
 * has not yet sent (the queue), its admissions (so a second scan here says "Already checked in" before any
 * sync), and the last one, which "Undo" takes back. Pure functions; ./use-door.ts (the page's hook) keeps it.
 */
import { nearestCode } from "../tickets/short-code";
import { referenceId, shortCodeKey, ticketCodeKey } from "./lookup";
import {
  MAX_SYNC_SCANS,
  type CheckIn,
  type DoorAttendee,
  type DoorListAnswer,
  type DoorScan,
  type DoorSyncRequest,
} from "./protocol";

type Door = DoorSyncRequest["door"];

export interface QueuedScan extends DoorScan {
  /** The door the device said it was when it admitted (a volunteer may change door before the queue is sent). */
  door: Door;
}

export interface DoorDevice {
  queue: QueuedScan[];
  /** This device's admissions not undone: code -> when, where, and the scan's id. */
  mine: Record<string, { at: string; door: Door; scan: string }>;
  /** The last admission, for "Undo". */
  last: { scan: string; code: string } | null;
  /** Codes this device took back, with the check-in the list may still show until it hears of the undo. */
  undone: Record<string, string>;
}

export const emptyDevice = (): DoorDevice => ({ queue: [], mine: {}, last: null, undone: {} });

/** The first check-in of a code as this device knows it: the list's (other doors, synced) or its own. */
export function firstCheckIn(list: Pick<DoorListAnswer, "checkedIn"> | null, device: DoorDevice) {
  return (code: string): CheckIn | undefined => {
    const known = list?.checkedIn[code];
    const server = known && device.undone[code] !== known.at ? known : undefined;
    const own = device.mine[code];
    if (!server || !own) return server ?? own;
    return Date.parse(own.at) < Date.parse(server.at) ? own : server;
  };
}

export function admit(device: DoorDevice, code: string, door: Door, at: string, scan: string): DoorDevice {
  const undone = { ...device.undone };
  delete undone[code];
  return {
    queue: [...device.queue, { id: scan, code, at, door }],
    mine: { ...device.mine, [code]: { at, door, scan } },
    last: { scan, code },
    undone,
  };
}

/** Takes back the last admission: dropped from the queue if it was never sent, else an undo is queued. */
export function undoLast(device: DoorDevice, at: string): DoorDevice {
  const last = device.last;
  const own = last && device.mine[last.code];
  if (!last || !own) return device;
  const mine = { ...device.mine };
  delete mine[last.code];
  const unsent = device.queue.some((s) => s.id === last.scan && !s.undo);
  const queue = unsent
    ? device.queue.filter((s) => s.id !== last.scan)
    : [...device.queue, { id: last.scan, code: last.code, at, door: own.door, undo: true }];
  return { queue, mine, last: null, undone: { ...device.undone, [last.code]: own.at } };
}

/** The queue as sync requests: one door per request, at most MAX_SYNC_SCANS scans each, oldest first. */
export function syncBatches(device: DoorDevice, deviceId: string): DoorSyncRequest[] {
  const batches: DoorSyncRequest[] = [];
  for (const { door, ...scan } of device.queue) {
    const open = batches.at(-1);
    if (open && open.door === door && open.scans.length < MAX_SYNC_SCANS) open.scans.push(scan);
    else batches.push({ device: deviceId, door, scans: [scan] });
  }
  return batches;
}

/** After the server answered a batch: its scans leave the queue (scans queued meanwhile stay). */
export const sent = (device: DoorDevice, ids: readonly string[]): DoorDevice => {
  const done = new Set(ids);
  return { ...device, queue: device.queue.filter((s) => !done.has(s.id)) };
};

const fold = (text: string) => text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();

/**
 * Someone without their phone, in the local list (offline too): by a part of a name or of an order reference, a
 * whole order reference ("T42"), or the whole code printed under the ticket's QR (./lookup.ts, as the server
 * reads them); listed holders first.
 */
export function searchList(list: Pick<DoorListAnswer, "attendees"> | null, query: string, limit = 20) {
  const q = fold(query.trim());
  if (!list || q.length < 2) return [];
  const code = ticketCodeKey(query);
  const short = shortCodeKey(query);
  const ref = referenceId(query);
  return list.attendees
    .filter(
      (a) =>
        fold(a[1]).includes(q) ||
        a[3].toLowerCase().includes(q) ||
        (code !== null && a[0].toLowerCase() === code) ||
        (short !== null && a[7] === short) ||
        (ref !== null && referenceId(a[3]) === ref),
    )
    .slice(0, limit);
}

/**
 * A short code typed with one character wrong (issue 61): the one ticket in the local list whose short code is one
 * character away, to offer ("Did you mean 7KX4-QM2P (Ruth Mensah)?"); null when none is, or two or more are.
 */
export function suggestFromList(list: Pick<DoorListAnswer, "attendees"> | null, query: string): DoorAttendee | null {
  const key = shortCodeKey(query);
  if (!list || key === null) return null;
  const near = nearestCode(
    key,
    list.attendees.flatMap((a) => (a[7] ? [a[7]] : [])),
  );
  return near === null ? null : (list.attendees.find((a) => a[7] === near) ?? null);
}
