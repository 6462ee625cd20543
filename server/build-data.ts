/**
 * A JSON file the build writes beside the pages (checkout.json, agenda-sessions.json), read once per build
 * folder: when a publish switches builds, the next read is the new build's file.
 */
import { readFile } from "node:fs/promises";

export function buildData<T>(file: string | (() => string)): { load: () => Promise<T>; file: () => string } {
  const fileOf = typeof file === "string" ? () => file : file;
  let cached: { file: string; data: Promise<T> } | undefined;
  const load = () => {
    const current = fileOf();
    if (cached?.file !== current)
      cached = { file: current, data: readFile(current, "utf8").then((text) => JSON.parse(text) as T) };
    const { data } = cached;
    return data.catch((error: unknown) => {
      if (cached?.data === data) cached = undefined;
      throw error;
    });
  };
  return { load, file: fileOf };
}
