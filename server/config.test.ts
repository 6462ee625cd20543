/** server/config.ts: the settings parsed once, defaults as docs/deploy.md gives them, each wrong one named. */
import path from "node:path";
import { describe, expect, it } from "vitest";
import { loadConfig, REPO } from "./config";

describe("settings", () => {
  it("has the documented defaults", () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      PORT: 4173,
      HOST: "0.0.0.0",
      TRUST_PROXY: false,
      DATA_DIR: path.join(REPO, "data"),
      RETENTION_DAYS: 365,
      FORM_RATE_LIMIT: { limit: 10, windowMs: 600_000 },
      ADMIN_SIGNIN_LIMIT: { limit: 10, windowMs: 900_000 },
      production: false,
      publicUrl: "http://localhost:4173",
    });
  });

  it("reads each value once, the same way everywhere (TRUST_PROXY took 1, true or yes in one place, 1 in another)", () => {
    for (const yes of ["1", "true", "yes", " 1 "]) expect(loadConfig({ TRUST_PROXY: yes }).TRUST_PROXY).toBe(true);
    for (const no of ["0", "false", "no", ""]) expect(loadConfig({ TRUST_PROXY: no }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ FORM_RATE_LIMIT: "3/60" }).FORM_RATE_LIMIT).toEqual({ limit: 3, windowMs: 60_000 });
    expect(loadConfig({ DATA_DIR: "/srv/tncc" }).DATA_DIR).toBe("/srv/tncc");
    expect(loadConfig({ SITE_URL: "https://tncc.example.org/" }).publicUrl).toBe("https://tncc.example.org");
  });

  it("does not guess the public address in production", () => {
    expect(loadConfig({ NODE_ENV: "production" }).publicUrl).toBeUndefined();
    expect(loadConfig({ STRIPE_SECRET_KEY: "sk_live_x" }).production).toBe(true);
  });

  it("names every wrong variable in one message", () => {
    expect(() =>
      loadConfig({ PORT: "99999", TRUST_PROXY: "maybe", DATABASE_URL: "mysql://x", FORM_RATE_LIMIT: "ten" }),
    ).toThrow(
      /PORT must be a port number, got "99999"[\s\S]*TRUST_PROXY must be 1 or 0[\s\S]*DATABASE_URL must be a URL like postgres:[\s\S]*FORM_RATE_LIMIT must be "count\/seconds"/,
    );
  });
});
