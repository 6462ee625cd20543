import { describe, expect, it } from "vitest";
import { featureOf, folderCircles } from "./cycles";

describe("server folders that import each other (issue 55)", () => {
  it("names the two folders and a file each way", () => {
    expect(
      folderCircles({
        "server/door/routes.ts": ["server/attendees/queries.ts", "server/db/sql.ts"],
        "server/attendees/routes.ts": ["server/door/queries.ts"],
        "server/db/sql.ts": [],
      }),
    ).toEqual([
      "server/attendees <-> server/door: server/attendees/routes.ts imports server/door/queries.ts; " +
        "server/door/routes.ts imports server/attendees/queries.ts",
    ]);
  });

  it("lets one feature use another, a folder import itself, and a test drive two features", () => {
    expect(
      folderCircles({
        "server/attendees/routes.ts": ["server/door/queries.ts", "server/attendees/queries.ts", "server/context.ts"],
        "server/door/door.test.ts": ["server/attendees/queries.ts"],
        "server/context.ts": ["server/door/queries.ts"],
      }),
    ).toEqual([]);
    expect(featureOf("server/app.ts")).toBeNull();
    expect(featureOf("app/lib/urls.ts")).toBeNull();
  });
});
