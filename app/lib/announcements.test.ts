import { describe, expect, it } from "vitest";
import { announcementMail } from "./announcements";

describe("an announcement's mail", () => {
  const a = { title: "Doors open at 9:30", body: "The hall opens late." };
  it("says why it came and carries the audience's unsubscribe link when there is one", () => {
    const mail = announcementMail(a, {
      siteUrl: "https://tncc.example.org/",
      reason: "you subscribed to the TNCC newsletter",
      unsubscribeUrl: "https://tncc.example.org/api/newsletter/unsubscribe?token=t",
    });
    expect(mail.subject).toBe("TNCC: Doors open at 9:30");
    expect(mail.body.split("\n")).toEqual([
      "Doors open at 9:30",
      "",
      "The hall opens late.",
      "",
      "--",
      "TNCC, https://tncc.example.org/",
      "You receive this because you subscribed to the TNCC newsletter.",
      "Unsubscribe: https://tncc.example.org/api/newsletter/unsubscribe?token=t",
    ]);
  });
  it("has no unsubscribe line without a link, and a test says it is one", () => {
    const mail = announcementMail(a, { siteUrl: "https://x.test", reason: "r", test: true });
    expect(mail.subject).toBe("[Test] TNCC: Doors open at 9:30");
    expect(mail.body).toMatch(/^This is a test/);
    expect(mail.body).not.toContain("Unsubscribe");
  });
});
