import { describe, expect, it } from "vitest";
import { assertUsablePorts } from "./chromium";

describe("assertUsablePorts", () => {
  it("names the setting and the port that browsers and fetch would refuse", () => {
    expect(() => assertUsablePorts("E2E_PORT", { site: 4180, forms: 4190 })).toThrow(
      "E2E_PORT gives the forms port 4190, which browsers and fetch refuse: choose another.",
    );
  });

  it("lets usable ports through", () => {
    expect(() => assertUsablePorts("E2E_PORT", { site: 4174, forms: 4184 })).not.toThrow();
  });
});
