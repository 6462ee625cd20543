/**
 * The checks of every stored form, made from its definition: the browser checks with them before sending
 * (the messages beside the fields), the server again as the authority (server/forms/routes.ts). Every value is
 * a string, exactly as a form post or `FormData` carries it. zod/mini keeps this small for the browser,
 * which loads it on a form's first focus or submit.
 */
import * as z from "zod/mini";
import { emailSchema } from "./email";
import { PostIdSchema } from "../lib/id-schemas";
import type { FieldCheck, FieldSpec } from "./definition";
import { FORMS, type FieldErrors, type StoredFormKind } from "./index";
import { ONE_LINE } from "./plain-text";

/** A text field; one line (no control characters, issue 61) unless it is a text area. */
const text = (noun: string, max = 1000, oneLine = true) =>
  z
    .string(`Please enter ${noun}.`)
    .check(
      z.trim(),
      z.minLength(1, `Please enter ${noun}.`),
      z.maxLength(max, `Please keep ${noun} under ${max} characters.`),
      ...(oneLine ? [z.regex(ONE_LINE, `Please write ${noun} on one line, without special characters.`)] : []),
    );

const CHECKS: Record<FieldCheck, (spec: FieldSpec) => z.ZodMiniType<string, string>> = {
  email: (spec) => emailSchema(`Please enter ${spec.noun}.`),
  phone: (spec) =>
    z
      .string(`Please enter ${spec.noun}.`)
      .check(
        z.trim(),
        z.minLength(1, `Please enter ${spec.noun}.`),
        z.regex(/^\+?[\d\s().-]{5,30}$/, "Please enter a phone number of digits (5 to 30), e.g. +1 214 555 0199."),
      ),
  quantity: () =>
    z
      .string("Please choose from 1 to 50 tickets.")
      .check(z.trim(), z.regex(/^([1-9]|[1-4]\d|50)$/, "Please choose from 1 to 50 tickets.")),
  planId: () => z.string("Please choose a plan.").check(z.regex(/^[\w-]{1,40}$/, "Please choose a plan.")),
  postId: () => PostIdSchema,
  accepted: (spec) => z.literal("on", `Please accept ${spec.noun}.`),
};

function fieldSchema(spec: FieldSpec) {
  const schema = spec.check ? CHECKS[spec.check](spec) : text(spec.noun, spec.max, spec.type !== "textarea");
  return spec.required === false ? z.optional(schema) : schema;
}

const schemas = new Map<StoredFormKind, z.ZodMiniObject>();
export function schemaOf(kind: StoredFormKind) {
  let schema = schemas.get(kind);
  if (!schema) {
    schema = z.object(Object.fromEntries(FORMS[kind].fields.map((spec) => [spec.name, fieldSchema(spec)])));
    schemas.set(kind, schema);
  }
  return schema;
}

/** A form sends an optional field left empty as "": that is the same as not sending it. */
function withoutEmptyOptional(kind: StoredFormKind, input: unknown): unknown {
  if (!input || typeof input !== "object") return input;
  const fields: Record<string, unknown> = { ...input };
  for (const spec of FORMS[kind].fields as readonly FieldSpec[])
    if (spec.required === false && typeof fields[spec.name] === "string" && !(fields[spec.name] as string).trim())
      delete fields[spec.name];
  return fields;
}

export type Checked = { ok: true; data: Record<string, string> } | { ok: false; errors: FieldErrors; first: string };

/** Validates a submission: the cleaned data (only the form's own fields), or the first message of each wrong field. */
export function checkForm(kind: StoredFormKind, input: unknown): Checked {
  const result = schemaOf(kind).safeParse(withoutEmptyOptional(kind, input));
  if (result.success) return { ok: true, data: result.data as Record<string, string> };
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) errors[String(issue.path[0] ?? "form")] ??= issue.message;
  return { ok: false, errors, first: Object.keys(errors)[0] ?? "form" };
}
