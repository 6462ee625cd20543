import { describe, expect, it } from "vitest";
import { alertLinkFromHash, alertPageLink } from "./alert-links";

describe("the alerts' mailed links", () => {
  it("open the site's page with the token in the fragment, and the page reads it back", () => {
    const link = alertPageLink("https://tncc.example.org", "confirm", "AbC_d-9");
    expect(link).toBe("https://tncc.example.org/alerts#confirm=AbC_d-9");
    expect(alertLinkFromHash(new URL(link).hash)).toEqual({ action: "confirm", token: "AbC_d-9" });
    expect(alertLinkFromHash("stop=Old_alert-token")).toEqual({ action: "stop", token: "Old_alert-token" });
  });

  it("read nothing from another fragment, an empty, malformed or overlong token", () => {
    for (const hash of ["", "#keep=abc", "#confirm=", "#confirm=a%2Fb", "#stop=%E0%A4%A", `#stop=${"a".repeat(101)}`])
      expect(alertLinkFromHash(hash), hash).toBeNull();
  });
});
