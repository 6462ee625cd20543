/**
 * The door's copy on the phone (issue 43), in IndexedDB (idb-keyval, one small store): the attendee list (what
 * the server sent: no e-mail address, no phone number) and the device's own record (./state.ts), kept apart so a
 * scan writes only the small record. The door and the device id are settings, in localStorage.
 */
import { createStore, del, get, set } from "idb-keyval";
import { DOORS, type DoorListAnswer, type DoorSyncRequest } from "./protocol";
import { emptyDevice, type DoorDevice } from "./state";

const store = () => createStore("tncc-door", "kept");

export const loadList = () => get<DoorListAnswer>("list", store()).then((l) => l ?? null);
export const saveList = (list: DoorListAnswer) => set("list", list, store());
/** A signed-out device (removed volunteer, lost phone) keeps no names. */
export const wipeList = () => del("list", store());

export const loadDevice = () => get<DoorDevice>("device", store()).then((d) => d ?? emptyDevice());
export const saveDevice = (device: DoorDevice) => set("device", device, store());

type Door = DoorSyncRequest["door"];
const DOOR_KEY = "tncc-door";
const DEVICE_KEY = "tncc-door-device";

export function savedDoor(): Door {
  const kept = localStorage.getItem(DOOR_KEY);
  return DOORS.find((d) => d === kept) ?? DOORS[0];
}
export const saveDoor = (door: Door) => localStorage.setItem(DOOR_KEY, door);

/** Issue 66: the shift (its start and door) whose door this phone last took, so it is taken once. */
const SHIFT_DOOR_KEY = "tncc-door-shift";
export const shiftDoorTaken = () => localStorage.getItem(SHIFT_DOOR_KEY);
export const takeShiftDoor = (key: string) => localStorage.setItem(SHIFT_DOOR_KEY, key);

/** This phone's random id (the server records which device admitted whom; a replayed batch counts once). */
export function deviceId(): string {
  let id = localStorage.getItem(DEVICE_KEY);
  if (!id || !/^[\w-]{8,64}$/.test(id)) {
    id = crypto.randomUUID();
    localStorage.setItem(DEVICE_KEY, id);
  }
  return id;
}
