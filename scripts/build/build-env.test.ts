import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { loadEnv } from "vite";
import { afterAll, describe, expect, it } from "vitest";
import { buildEnv } from "./build-env";

describe("buildEnv", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "tncc-build-env-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("reads the variables as Vite's loadEnv does: the four files in order, then the environment, prefixed only", () => {
    writeFileSync(path.join(dir, ".env"), "SITE_URL=https://one.example\nVITE_A=from-env\nSECRET=no\n");
    writeFileSync(path.join(dir, ".env.local"), "VITE_A=from-local\nVITE_B='quoted value'\n");
    writeFileSync(path.join(dir, ".env.production"), "SITE_URL=https://two.example # a comment\n");
    writeFileSync(path.join(dir, ".env.development"), "VITE_C=never\n");
    const environment = { VITE_B: "from-process", PATH: "/bin", SITE_NAME: "TNCC" };
    const ours = buildEnv(dir, environment);
    expect(ours).toEqual({
      SITE_URL: "https://two.example",
      VITE_A: "from-local",
      VITE_B: "from-process",
      SITE_NAME: "TNCC",
    });
    // The same answer as Vite's own, which builds the bundles.
    const added = Object.keys(environment).filter((key) => !(key in process.env));
    try {
      Object.assign(process.env, { VITE_B: environment.VITE_B, SITE_NAME: environment.SITE_NAME });
      expect(buildEnv(dir)).toEqual(loadEnv("production", dir, ["VITE_", "SITE_"]));
    } finally {
      for (const key of added) delete process.env[key];
    }
  });
});
