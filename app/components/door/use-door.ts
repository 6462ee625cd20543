import { useCallback, useEffect, useRef, useState } from "react";
import { fetchList, searchServer, sendScans, SIGNED_OUT } from "~/lib/door/api";
import { signal } from "~/lib/door/feedback";
import {
  DOORS,
  type DoorAttendee,
  type DoorFigures,
  type DoorListAnswer,
  type DoorSyncRequest,
} from "~/lib/door/protocol";
import type { DoorSearchResult } from "./door-search";
import {
  admit,
  emptyDevice,
  firstCheckIn,
  searchList,
  suggestFromList,
  sent,
  syncBatches,
  undoLast,
  type DoorDevice,
} from "~/lib/door/state";
import * as kept from "~/lib/door/store";
import { indexList, judge, verdictFor, type DoorIndex, type Verdict } from "~/lib/door/verdict";

/** The list is fetched again this often while online (issue 43), and the queue sent. */
const REFRESH_MS = 60_000;

export type DoorStatus = "loading" | "ready" | "no-list" | "signed-out";
export interface Shown {
  verdict: Verdict;
  /** When it was given (ISO): the recent list shows it. */
  at: string;
  id: number;
}
type Door = DoorSyncRequest["door"];

/**
 * The door page's state (issue 43): the list and its index, the device's record, the verdict on screen, the
 * recent verdicts, and the sync with the server. Everything is applied on the phone first (kept in IndexedDB),
 * then sent when there is a network; a 401 wipes the list (a removed volunteer's phone keeps no names).
 */
export function useDoor() {
  const [status, setStatus] = useState<DoorStatus>("loading");
  const [list, setList] = useState<DoorListAnswer | null>(null);
  const [device, setDevice] = useState<DoorDevice>(emptyDevice);
  const [door, setDoorState] = useState<Door>("Door 1");
  const [shown, setShown] = useState<Shown | null>(null);
  const [recent, setRecent] = useState<Shown[]>([]);
  const [online, setOnline] = useState(true);
  const listRef = useRef<DoorListAnswer | null>(null);
  const indexRef = useRef<DoorIndex | null>(null);
  const deviceRef = useRef<DoorDevice>(emptyDevice());
  const doorRef = useRef<Door>("Door 1");
  const syncing = useRef(false);
  const counter = useRef(0);

  const keepDevice = useCallback((next: DoorDevice) => {
    deviceRef.current = next;
    setDevice(next);
    void kept.saveDevice(next);
  }, []);

  const takeList = useCallback(async (next: DoorListAnswer, save: boolean) => {
    // Issue 66: a new shift's door becomes this phone's door, once: a door changed by hand afterwards stays.
    const shiftDoor = DOORS.find((d) => d === next.shift?.door);
    if (shiftDoor && next.shift && kept.shiftDoorTaken() !== next.shift.startsAt + shiftDoor) {
      kept.takeShiftDoor(next.shift.startsAt + shiftDoor);
      doorRef.current = shiftDoor;
      setDoorState(shiftDoor);
      kept.saveDoor(shiftDoor);
    }
    indexRef.current = await indexList(next);
    listRef.current = next;
    setList(next);
    setStatus("ready");
    if (save) await kept.saveList(next);
  }, []);

  const signOut = useCallback(async () => {
    indexRef.current = null;
    listRef.current = null;
    setList(null);
    setStatus("signed-out");
    await kept.wipeList();
  }, []);

  const figuresFrom = useCallback((figures: DoorFigures) => {
    const current = listRef.current;
    if (!current) return;
    const next = { ...current, figures };
    listRef.current = next;
    setList(next);
    void kept.saveList(next);
  }, []);

  /** Sends the queue, piece by piece; false when the network failed (the queue waits). */
  const sync = useCallback(async () => {
    if (syncing.current) return true;
    syncing.current = true;
    try {
      for (const batch of syncBatches(deviceRef.current, kept.deviceId())) {
        const answer = await sendScans(batch);
        if (answer === SIGNED_OUT) {
          await signOut();
          return true;
        }
        keepDevice(
          sent(
            deviceRef.current,
            batch.scans.map((s) => s.id),
          ),
        );
        figuresFrom(answer.figures);
      }
      setOnline(true);
      return true;
    } catch (error) {
      // fetch fails with a TypeError without a network; an HTTP error (429: too many scans a minute) leaves the
      // queue to the next try, online.
      setOnline(!(error instanceof TypeError));
      return false;
    } finally {
      syncing.current = false;
    }
  }, [figuresFrom, keepDevice, signOut]);

  const refresh = useCallback(async () => {
    if (!(await sync())) return;
    try {
      const answer = await fetchList();
      if (answer === SIGNED_OUT) await signOut();
      else await takeList(answer, true);
      setOnline(true);
    } catch (error) {
      setOnline(!(error instanceof TypeError));
    }
  }, [signOut, sync, takeList]);

  useEffect(() => {
    doorRef.current = kept.savedDoor();
    setDoorState(doorRef.current);
    let live = true;
    void (async () => {
      keepDevice(await kept.loadDevice());
      const stored = await kept.loadList();
      if (!live) return;
      if (stored) await takeList(stored, false);
      await refresh();
      if (live && !listRef.current) setStatus((s) => (s === "signed-out" ? s : "no-list"));
    })();
    const again = () => void refresh();
    const timer = setInterval(() => navigator.onLine && again(), REFRESH_MS);
    const offline = () => setOnline(false);
    window.addEventListener("online", again);
    window.addEventListener("offline", offline);
    return () => {
      live = false;
      clearInterval(timer);
      window.removeEventListener("online", again);
      window.removeEventListener("offline", offline);
    };
  }, [keepDevice, refresh, takeList]);

  const show = useCallback(
    (verdict: Verdict) => {
      const at = new Date().toISOString();
      if (verdict.kind === "admitted")
        keepDevice(admit(deviceRef.current, verdict.code, doorRef.current, at, crypto.randomUUID()));
      const next = { verdict, at, id: ++counter.current };
      setShown(next);
      setRecent((r) => [next, ...r].slice(0, 5));
      signal(verdict.kind === "admitted");
      if (navigator.onLine) void sync();
    },
    [keepDevice, sync],
  );

  /** A code the camera read. */
  const scanned = useCallback(
    async (text: string) => {
      const index = indexRef.current;
      if (!index) return;
      show(await judge(text, index, firstCheckIn(listRef.current, deviceRef.current)));
    },
    [show],
  );

  /** Someone found by a search, admitted without their phone. */
  const admitFound = useCallback(
    (a: DoorAttendee) => {
      const index = indexRef.current;
      if (index) show(verdictFor(a[0], a[2], index, firstCheckIn(listRef.current, deviceRef.current), a));
    },
    [show],
  );

  /**
   * Someone without their phone: the list on this phone, then the server's search while online. Nobody found, a
   * short code one character away from a single ticket's is offered as `suggestion` (issue 61).
   */
  const search = useCallback(
    async (q: string): Promise<DoorSearchResult> => {
      const local = searchList(listRef.current, q);
      const localFound = (): DoorSearchResult => ({
        people: local,
        suggestion: local.length ? null : suggestFromList(listRef.current, q),
      });
      if (!navigator.onLine || q.trim().length < 2) return localFound();
      try {
        const answer = await searchServer(q.trim());
        if (answer === SIGNED_OUT) {
          await signOut();
          return { people: [], suggestion: null };
        }
        // The server's check-ins of the people found, so admitting one of them says "Already checked in" if so,
        // and their cards say "Already in" before a tap (issue 62).
        const current = listRef.current;
        if (current && answer.checkedIn) {
          listRef.current = { ...current, checkedIn: { ...current.checkedIn, ...answer.checkedIn } };
          setList(listRef.current);
        }
        const seen = new Set(local.map((a) => a[0]));
        const people = [...local, ...answer.attendees.filter((a) => !seen.has(a[0]))];
        return { people, suggestion: people.length ? null : (answer.suggestion ?? localFound().suggestion) };
      } catch {
        return localFound();
      }
    },
    [signOut],
  );

  const undo = useCallback(() => {
    keepDevice(undoLast(deviceRef.current, new Date().toISOString()));
    if (navigator.onLine) void sync();
  }, [keepDevice, sync]);

  const setDoor = useCallback((next: Door) => {
    doorRef.current = next;
    setDoorState(next);
    kept.saveDoor(next);
  }, []);

  return {
    status,
    list,
    device,
    door,
    setDoor,
    shown,
    dismiss: useCallback(() => setShown(null), []),
    recent,
    online,
    scanned,
    search,
    admitFound,
    undo,
    refresh,
    canUndo: device.last !== null && Boolean(device.mine[device.last.code]),
    /** A code's first check-in as this phone knows it (for the search results). */
    checkedIn: firstCheckIn(list, device),
  };
}
