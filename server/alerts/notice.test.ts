/**
 * An alert's words (issue 51, item 5): the subject names the change once, in one line a phone shows whole
 * ("Moved: Networking and Mixer, now Fri 25 Oct 14:30 (was 13:30)"), never "Changed: …: Changed: …"; the body
 * says the same, the session's page, the agenda and how to stop.
 */
import { describe, expect, it } from "vitest";
import type { AgendaSession } from "../../app/lib/agenda/ics";
import { alertMail, changeNotice, noticeLine, pushPayload } from "./alerts";

const SITE = "https://tncc.example.org";
const mixer: AgendaSession = {
  number: 12,
  dayId: 2,
  id: 5,
  title: "Networking and Mixer",
  startsAt: "2024-10-25T13:30:00-05:00",
  endsAt: "2024-10-25T14:30:00-05:00",
  sequence: 0,
};
const moved = (extra: Partial<AgendaSession>): AgendaSession => ({ ...mixer, sequence: 1, ...extra });

describe("an alert's words", () => {
  it("a move within the day: the new day and time, and the old time", () => {
    const notice = changeNotice(mixer, moved({ startsAt: "2024-10-25T14:30:00-05:00" }));
    expect(noticeLine(notice)).toBe("Moved: Networking and Mixer, now Fri 25 Oct 14:30 (was 13:30)");
    const mail = alertMail("ann@example.org", "tok", [notice], SITE);
    expect(mail.subject).toBe("Moved: Networking and Mixer, now Fri 25 Oct 14:30 (was 13:30)");
    expect(mail.subject).not.toMatch(/Changed.*Changed|Moved.*Moved/);
    expect(mail.body).toContain(
      [
        "A session in your TNCC agenda changed:",
        "",
        "Moved: Networking and Mixer, now Fri 25 Oct 14:30 (was 13:30)",
        `  ${SITE}/event-detail/2/5`,
      ].join("\n"),
    );
    expect(mail.body).toContain(`Your agenda: ${SITE}/agenda`);
    expect(mail.body).toContain(`To stop these mails: ${SITE}/alerts#stop=tok`);
    expect(mail.unsubscribeUrl).toBe(`${SITE}/api/alerts/unsubscribe?t=tok`);
  });

  it("a move to another day names the old day too; a cancellation when it was; a session back on when it is", () => {
    expect(noticeLine(changeNotice(mixer, moved({ startsAt: "2024-10-26T09:00:00-05:00" })))).toBe(
      "Moved: Networking and Mixer, now Sat 26 Oct 09:00 (was Fri 25 Oct 13:30)",
    );
    expect(noticeLine(changeNotice(mixer, moved({ cancelled: true })))).toBe(
      "Cancelled: Networking and Mixer (was Fri 25 Oct 13:30)",
    );
    expect(noticeLine(changeNotice({ ...mixer, cancelled: true }, moved({ cancelled: false })))).toBe(
      "Back on: Networking and Mixer, Fri 25 Oct 13:30",
    );
  });

  it("a new end says it; any other change says when the session is and the organisers' note, once", () => {
    expect(noticeLine(changeNotice(mixer, moved({ endsAt: "2024-10-25T15:00:00-05:00" })))).toBe(
      "Changed: Networking and Mixer, Fri 25 Oct 13:30, now ends 15:00 (was 14:30)",
    );
    const note = changeNotice(
      mixer,
      moved({ change: { kind: "changed", date: "2024-10-20", dateText: "20 Oct", note: "Now in Hall B" } }),
    );
    expect(noticeLine(note)).toBe("Changed: Networking and Mixer, Fri 25 Oct 13:30 (Now in Hall B)");
    const { subject, body } = alertMail("ann@example.org", "tok", [note], SITE);
    expect(subject).toBe("Changed: Networking and Mixer, Fri 25 Oct 13:30 (Now in Hall B)");
    expect(body.match(/Now in Hall B/g)).toHaveLength(1);
    // A move's note (its reason) goes under its line.
    const reason = changeNotice(
      mixer,
      moved({
        startsAt: "2024-10-25T14:30:00-05:00",
        change: { kind: "moved", date: "2024-10-20", dateText: "20 Oct", note: "The hall is needed for lunch" },
      }),
    );
    expect(alertMail("ann@example.org", "tok", [reason], SITE).body).toContain(
      "Moved: Networking and Mixer, now Fri 25 Oct 14:30 (was 13:30)\n  The hall is needed for lunch\n",
    );
  });

  it("without the build before, the old time is the change's mark", () => {
    const notice = changeNotice(
      undefined,
      moved({
        startsAt: "2024-10-25T14:30:00-05:00",
        change: { kind: "moved", date: "2024-10-20", dateText: "20 Oct", fromText: "Fri 25 Oct 13:30" },
      }),
    );
    expect(noticeLine(notice)).toBe("Moved: Networking and Mixer, now Fri 25 Oct 14:30 (was 13:30)");
  });

  it("several changes: the subject counts and names them, the body has a line each; the push says the same", () => {
    const opening: AgendaSession = {
      ...mixer,
      number: 1,
      dayId: 1,
      id: 1,
      title: "Opening Worship",
      startsAt: "2024-10-24T09:00:00-05:00",
    };
    const notices = [
      changeNotice(mixer, moved({ startsAt: "2024-10-25T14:30:00-05:00" })),
      changeNotice(opening, { ...opening, sequence: 1, cancelled: true }),
    ];
    const mail = alertMail("ann@example.org", "tok", notices, SITE);
    expect(mail.subject).toBe("2 of your sessions changed: Networking and Mixer, Opening Worship");
    expect(mail.body).toContain("Sessions in your TNCC agenda changed:");
    expect(mail.body).toContain("Cancelled: Opening Worship (was Thu 24 Oct 09:00)");
    expect(pushPayload(notices)).toEqual({
      title: "2 of your sessions changed",
      body: "Moved: Networking and Mixer, now Fri 25 Oct 14:30 (was 13:30)\nCancelled: Opening Worship (was Thu 24 Oct 09:00)",
      url: "/event-detail/2/5",
      tag: "session-changes",
    });
    expect(pushPayload(notices.slice(0, 1))).toMatchObject({
      title: "Moved: Networking and Mixer",
      body: "Now Fri 25 Oct 14:30 (was 13:30)",
    });
  });

  it("a long title keeps the subject within 200 characters", () => {
    const long = changeNotice(mixer, moved({ title: "A".repeat(300), startsAt: "2024-10-25T14:30:00-05:00" }));
    const { subject } = alertMail("ann@example.org", "tok", [long], SITE);
    expect(subject).toHaveLength(200);
    expect(subject.endsWith("…")).toBe(true);
  });
});
