import { createContext } from "react";
import type { Choice } from "~/api/admin/content";
import type { Edit, Path } from "~/lib/admin/content-yaml";

export interface FieldsContext {
  /** The save's problems at this file's fields, by path key ("sessions.1.end"). */
  problems: Map<string, string>;
  /** For each collection a field names, its entries by name. */
  choices: Record<string, Choice[]>;
  /** Where a picture uploaded in place goes. */
  pictureFolders: string[];
}

/** What every field of the form reads: the problems, the choices, the picture folders. */
export const Fields = createContext<FieldsContext>({ problems: new Map(), choices: {}, pictureFolders: [] });

/** A change to the file: the document edit, and the value to write in place when it can be. */
export type Change = (edit: Edit, inPlace?: { path: Path; value: unknown }) => void;
