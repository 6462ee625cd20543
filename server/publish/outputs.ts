/**
 * The server's one way to read what the build left (app/lib/build-outputs.ts names each file and its schema):
 * a file of the live build, read and checked once per build folder, so when a publish switches builds the next
 * read is the new build's file.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import type * as z from "zod";
import type { BuildOutput } from "../../app/lib/build-outputs";

/** The path of an output in a build folder (build/, or a published build under BUILDS_DIR). */
export const outputFile = (buildDir: string, output: BuildOutput) => path.join(buildDir, output.file);

export interface OutputReader<T> {
  /** The file's data, checked against its schema (rejects when it is missing or not its shape). */
  load: () => Promise<T>;
  /** The file as it is now (it moves with the live build). */
  file: () => string;
}

/** Reads `output` of the build folder `buildDir` (a function when it follows the live build). */
export function readOutput<S extends z.core.$ZodType>(
  output: BuildOutput<S>,
  buildDir: string | (() => string),
): OutputReader<z.output<S>> {
  const dirOf = typeof buildDir === "string" ? () => buildDir : buildDir;
  const fileOf = () => outputFile(dirOf(), output);
  let cached: { file: string; data: Promise<z.output<S>> } | undefined;
  const parse = (text: string) => (output.schema as unknown as z.ZodType<z.output<S>>).parse(JSON.parse(text));
  const load = () => {
    const current = fileOf();
    if (cached?.file !== current) cached = { file: current, data: readFile(current, "utf8").then(parse) };
    const { data } = cached;
    return data.catch((error: unknown) => {
      if (cached?.data === data) cached = undefined;
      throw error;
    });
  };
  return { load, file: fileOf };
}
