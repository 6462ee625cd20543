import type { Ref } from "react";
import { contentProblems, type FieldProblem } from "~/api/admin/content";
import { checked } from "~/lib/admin/route";

export type Saved =
  | { kind: "saved"; text: string }
  | { kind: "problems"; text: string; problems: string[]; fields: FieldProblem[] }
  | null;

/** A refused save's or undo's problems, as the result box shows them. */
export function refused(error: string, data: unknown): Saved {
  // A 422 lists the problems; any other refusal (a 409, a 400) only says what is wrong.
  const answer = checked(contentProblems, data)?.data;
  return { kind: "problems", text: error, problems: answer?.problems ?? [], fields: answer?.fields ?? [] };
}

export interface ContentResultProps {
  id: string;
  result: Saved;
  /** The element id of the field a problem is at, when the form shows it. */
  linkOf: (message: string) => string | null;
  ref?: Ref<HTMLDivElement>;
}

/** A save's or undo's result, where the eye is (the editor focuses it): saved, or the problems, each leading to its field. */
export function ContentResult({ id, result, linkOf, ref }: ContentResultProps) {
  return (
    <div id={id} ref={ref} tabIndex={-1} className="scroll-mt-24 outline-offset-4">
      {result?.kind === "saved" ? (
        <p role="status" className="mt-4 font-semibold">
          {result.text}
        </p>
      ) : null}
      {result?.kind === "problems" ? (
        <div role="alert" className="mt-4 rounded-[var(--radius-card)] border-2 border-rose bg-paper p-4">
          <p className="font-semibold">{result.text}</p>
          {result.problems.length ? (
            <ul className="mt-2 list-disc ps-6">
              {result.problems.map((p) => {
                const link = linkOf(p);
                return (
                  <li key={p} className="break-words">
                    {link ? (
                      <a
                        href={`#${link}`}
                        onClick={(event) => {
                          event.preventDefault();
                          const field = document.getElementById(link);
                          field?.focus();
                          field?.scrollIntoView({ block: "center" });
                        }}
                      >
                        {p}
                      </a>
                    ) : (
                      p
                    )}
                  </li>
                );
              })}
            </ul>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
