import { describe, expect, it } from "vitest";
import { buildStartLine, buildStartOf } from "./build-outputs";

describe("the line that starts a build started ahead (issue 65)", () => {
  it("carries the build's name and content commit; no commit is an empty one", () => {
    expect(buildStartOf(buildStartLine("20261203-104224-d412", "8883458c6aacdf42"))).toEqual({
      BUILD_ID: "20261203-104224-d412",
      BUILD_CONTENT_COMMIT: "8883458c6aacdf42",
    });
    expect(buildStartOf(buildStartLine("b1", null))).toEqual({ BUILD_ID: "b1", BUILD_CONTENT_COMMIT: "" });
  });

  it("is null when stdin closed with nothing on it: nothing is built", () => {
    expect(buildStartOf("")).toBeNull();
    expect(buildStartOf("\n")).toBeNull();
  });

  it("refuses a name that is not one (a path, a variable) and a line that is not JSON", () => {
    expect(() => buildStartOf(buildStartLine("../escape", null))).toThrow();
    expect(() => buildStartOf(`${JSON.stringify({ id: "a b", commit: "" })}\n`)).toThrow();
    expect(() => buildStartOf("BUILD_ID=x\n")).toThrow();
  });
});
