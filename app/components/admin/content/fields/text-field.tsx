import type { JsonSchema, Path } from "~/lib/admin/content-yaml";
import { control, Field } from "./field";

const LONG = /^(body|text|description|bio|answer|excerpt|paragraphs|message|summary)$/;

export interface TextFieldProps {
  schema: JsonSchema;
  value: unknown;
  path: Path;
  label: string;
  hint: string | null | undefined;
  set: (next: unknown) => void;
}

/** A line of text, a date or a time (the browser's pickers), or a paragraph: by the key, or a long value. */
export function TextField({ schema, value, path, label, hint, set }: TextFieldProps) {
  const key = String(path.at(-1) ?? "");
  const long = !schema.input && (LONG.test(key) || (typeof value === "string" && value.length > 80));
  return (
    <Field path={path} label={label} hint={hint}>
      {(props) =>
        long ? (
          <textarea
            {...props}
            className={`${control} h-28 py-2`}
            value={String(value ?? "")}
            onChange={(event) => set(event.target.value)}
          />
        ) : (
          <input
            {...props}
            type={schema.input ?? "text"}
            className={control}
            value={String(value ?? "")}
            onChange={(event) => set(event.target.value)}
          />
        )
      }
    </Field>
  );
}
