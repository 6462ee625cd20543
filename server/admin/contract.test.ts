// @vitest-environment node
/**
 * The organisers' API contract (issue 64, decision 052) holds over the whole tree: every organisers' route is
 * registered through `serve` from its declaration in app/api/admin/, the page calls none by a path it wrote
 * (`callAdmin` only, no answer cast), and every group whose routes take a body has a test that sends it wrong
 * bodies (`wrongBodies`, tests/fixtures/contract.ts) and expects the 400 naming the field.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "../..");
const files = (dir: string, test: (name: string) => boolean): string[] =>
  readdirSync(path.join(ROOT, dir), { recursive: true, encoding: "utf8" })
    .filter(test)
    .map((f) => path.join(dir, f));
const read = (file: string) => readFileSync(path.join(ROOT, file), "utf8");
const source = (name: string) => /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name);

describe("the organisers' API contract", () => {
  it("registers every organisers' route through serve(), never by a path written in the handler's file", () => {
    // An organisers' Hono app is `admin` or `organisers` (server/admin/context.ts organiserFeature); only `serve`
    // registers on it (a limit before a route is serve's `before`); middleware for many routes
    // (`admin.use("*", …)`) is not a route.
    const registered = files("server", source).flatMap((file) =>
      [...read(file).matchAll(/\b(?:admin|organisers)\.(?:get|post|put|patch|delete|on)\(/g)].map(
        (m) => `${file}: ${m[0]}`,
      ),
    );
    expect(registered).toEqual(["server/admin/context.ts: admin.on(", "server/admin/context.ts: admin.on("]);
  });

  it("is called from the pages through callAdmin only: no path written, no answer cast", () => {
    const clients = ["app/api", "app/lib/admin", "app/lib/door", "app/components/admin", "app/components/volunteer"];
    const calls = clients
      .flatMap((dir) => files(dir, source))
      .flatMap((file) => (/\badminApi\b|\bas T\b/.test(read(file)) ? [file] : []));
    expect(calls).toEqual([]);
  });

  it("has, for each group whose routes take a body, a test that sends them wrong bodies", () => {
    const tests = [...files("server", (n) => n.endsWith(".test.ts")), ...files("tests", (n) => n.endsWith(".ts"))]
      .map(read)
      .filter((text) => text.includes("wrongBodies("));
    const groups = files("app/api/admin", (n) => n.endsWith(".ts") && !n.endsWith(".test.ts"));
    const untested = groups.filter((group) => {
      if (!/\bbody:/.test(read(group))) return false;
      const module = `app/api/admin/${path.basename(group, ".ts")}"`;
      return !tests.some((text) => text.includes(module));
    });
    expect(untested).toEqual([]);
  });
});
