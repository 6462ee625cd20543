import { describe, expect, it } from "vitest";
import { MAX_SYNC_SCANS } from "./protocol";
import { admit, emptyDevice, firstCheckIn, searchList, sent, suggestFromList, syncBatches, undoLast } from "./state";

const AT = "2026-06-12T10:02:00.000Z";
const later = (minutes: number) => new Date(Date.parse(AT) + minutes * 60_000).toISOString();

describe("a door device's record (issue 43)", () => {
  it("knows its own admissions before any sync, and the earlier of its own and the server's", () => {
    const device = admit(emptyDevice(), "code-a", "Door 2", AT, "scan-0001");
    expect(firstCheckIn(null, device)("code-a")).toEqual({ at: AT, door: "Door 2", scan: "scan-0001" });
    const earlier = { at: later(-1), door: "Door 1" };
    expect(firstCheckIn({ checkedIn: { "code-a": earlier } }, device)("code-a")).toEqual(earlier);
    expect(firstCheckIn({ checkedIn: {} }, device)("code-b")).toBeUndefined();
  });

  it("undoes an unsent admission by dropping it from the queue", () => {
    const device = undoLast(admit(emptyDevice(), "code-a", "Door 2", AT, "scan-0001"), later(1));
    expect(device.queue).toEqual([]);
    expect(firstCheckIn(null, device)("code-a")).toBeUndefined();
    expect(undoLast(device, later(2))).toBe(device);
  });

  it("undoes a sent admission with an undo scan, and ignores the list's stale copy of it", () => {
    const admitted = sent(admit(emptyDevice(), "code-a", "Door 2", AT, "scan-0001"), ["scan-0001"]);
    const device = undoLast(admitted, later(1));
    expect(device.queue).toEqual([{ id: "scan-0001", code: "code-a", at: later(1), door: "Door 2", undo: true }]);
    expect(firstCheckIn({ checkedIn: { "code-a": { at: AT, door: "Door 2" } } }, device)("code-a")).toBeUndefined();
    // Admitted again afterwards: known again.
    const again = admit(device, "code-a", "Door 2", later(3), "scan-0002");
    expect(firstCheckIn(null, again)("code-a")?.at).toBe(later(3));
  });

  it("sends the queue in pieces of at most MAX_SYNC_SCANS, one door each, oldest first", () => {
    let device = emptyDevice();
    for (let i = 0; i < MAX_SYNC_SCANS + 2; i++)
      device = admit(device, `c${i}`, "Door 1", later(i), `scan-${1000 + i}`);
    device = admit(device, "x", "Door 3", later(999), "scan-9999");
    const batches = syncBatches(device, "device-123");
    expect(batches.map((b) => [b.door, b.scans.length])).toEqual([
      ["Door 1", MAX_SYNC_SCANS],
      ["Door 1", 2],
      ["Door 3", 1],
    ]);
    expect(batches[0]!.scans[0]).toEqual({ id: "scan-1000", code: "c0", at: later(0) });
    expect(batches[0]!.device).toBe("device-123");
    // A scan made while a batch was on its way stays queued.
    expect(
      sent(
        device,
        batches[0]!.scans.map((s) => s.id),
      ).queue,
    ).toHaveLength(3);
  });

  it("finds people by name (any case and accents) or order reference", () => {
    const list = {
      attendees: [
        ["c1", "Zoë Müller", "family", "TNCC-T100001", 1, 2, "valid"],
        ["c2", "Ann Lee", "person", "TNCC-T100002", 1, 1, "valid"],
      ] as const satisfies unknown[],
    };
    const names = (q: string) => searchList(list as never, q).map((a) => a[1]);
    expect(names("zoe mull")).toEqual(["Zoë Müller"]);
    expect(names("t100002")).toEqual(["Ann Lee"]);
    expect(names("a")).toEqual([]);
    expect(searchList(null, "ann")).toEqual([]);
  });

  it("finds a ticket offline by the code printed under its QR, whole only, and an order by its short reference (issue 53)", () => {
    const printed = "Sg7ksVlIHizZoBdYKJGVXw";
    const list = {
      attendees: [
        [printed, "Grace Hopper", "family", "TNCC-T000042", 1, 2, "valid"],
        ["bbbbbbbbbbbbbbbbbbbbbb", "Alan Turing", "family", "TNCC-T000042", 2, 2, "valid"],
        ["cccccccccccccccccccccc", "Ann Lee", "person", "TNCC-T000420", 1, 1, "valid"],
      ] as const satisfies unknown[],
    };
    const names = (q: string) => searchList(list as never, q).map((a) => a[1]);
    expect(names(printed)).toEqual(["Grace Hopper"]);
    // As a phone's keyboard types it: the first letter changed in case, spaces where the line broke.
    expect(names(" sg7ksVlIHi zZoBdYKJGVXw ")).toEqual(["Grace Hopper"]);
    expect(names(printed.slice(0, 12))).toEqual([]);
    expect(names("T42")).toEqual(["Grace Hopper", "Alan Turing"]);
    expect(names("TNCC-T000420")).toEqual(["Ann Lee"]);
  });

  it("finds a ticket offline by its short code typed in lower case with spaces, O for 0 and L for 1 (issue 61)", () => {
    const list = {
      attendees: [
        ["c1", "Ruth Mensah", "family", "TNCC-T000007", 1, 2, "valid", "7KX4QM2P"],
        ["c2", "Kofi Mensah", "family", "TNCC-T000007", 2, 2, "valid", "10ZZ0000"],
        ["c3", "Ann Lee", "person", "TNCC-T000008", 1, 1, "valid"],
      ] as const satisfies unknown[],
    };
    const names = (q: string) => searchList(list as never, q).map((a) => a[1]);
    expect(names("7kx4 qm2p")).toEqual(["Ruth Mensah"]);
    expect(names("7KX4-QM2P")).toEqual(["Ruth Mensah"]);
    expect(names("lozz-oooo")).toEqual(["Kofi Mensah"]);
  });

  it("offers the one ticket a character away from a mistyped short code, and none when two are (issue 61)", () => {
    const ruth = ["c1", "Ruth Mensah", "family", "TNCC-T000007", 1, 1, "valid", "7KX4QM2P"] as const;
    const one = { attendees: [ruth, ["c2", "Ann Lee", "person", "TNCC-T000008", 1, 1, "valid", "AAAAAAAA"]] };
    expect(searchList(one as never, "7kx4 qm3p")).toEqual([]);
    expect(suggestFromList(one as never, "7kx4 qm3p")).toEqual(ruth);
    // Two tickets one character away from what was typed: no guess.
    const two = { attendees: [ruth, ["c2", "Ann Lee", "person", "TNCC-T000008", 1, 1, "valid", "7KX4QM4P"]] };
    expect(suggestFromList(two as never, "7kx4 qm3p")).toBeNull();
    // Two characters away, no short code, or a list kept before short codes: nothing.
    expect(suggestFromList(one as never, "7kx4 qm33")).toBeNull();
    expect(suggestFromList(one as never, "ruth")).toBeNull();
    expect(
      suggestFromList({ attendees: [["c1", "Ruth", "family", "T1", 1, 1, "valid"]] } as never, "7kx4qm3p"),
    ).toBeNull();
  });
});
