import { useEffect, useRef } from "react";

export interface ListEntryProps {
  name: string;
  problem: boolean;
  children: React.ReactNode;
}

/** A list entry, folded under its name; opened when the save found a problem in it (and left open after). */
export function ListEntry({ name, problem, children }: ListEntryProps) {
  const details = useRef<HTMLDetailsElement>(null);
  useEffect(() => {
    if (problem && details.current) details.current.open = true;
  }, [problem]);
  return (
    <details ref={details} className="rounded border border-ink/10 p-2">
      <summary className="min-h-11 cursor-pointer py-2 font-semibold">{name}</summary>
      <div className="mt-2 grid gap-3" role="group" aria-label={name}>
        {children}
      </div>
    </details>
  );
}
