/** Which content commit a build records (issue 39): the publish's, taken when it started, else HEAD. */
import { expect, it } from "vitest";
import { contentCommit, recordedCommit } from "./build-info";

it("records the commit a publish hands in, none when it says so, else the content's HEAD", () => {
  const commit = "0123456789abcdef0123456789abcdef01234567";
  expect(recordedCommit({ BUILD_CONTENT_COMMIT: commit })).toBe(commit);
  expect(recordedCommit({ BUILD_CONTENT_COMMIT: "" })).toBeNull();
  expect(recordedCommit({})).toBe(contentCommit());
  expect(() => recordedCommit({ BUILD_CONTENT_COMMIT: "HEAD" })).toThrow(/not a git commit/);
});
