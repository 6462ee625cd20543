import { useEffect, useRef } from "react";

export interface NoticeValue {
  text: string;
  /** A refusal (shown in the warning colour) or a confirmation. */
  error?: boolean;
}

/**
 * The answer to what the volunteer just did, where their eye is: beside the section they acted in, and it takes
 * the focus as it appears (a screen reader reads it, a phone scrolls to it). Each new answer is a new object.
 */
export function Notice({ notice }: { notice: NoticeValue | null }) {
  const said = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (notice) said.current?.focus();
  }, [notice]);
  return (
    <div role="status" className="empty:hidden">
      {notice ? (
        <p
          ref={said}
          tabIndex={-1}
          className={`mt-3 rounded-xl p-3 font-semibold ${notice.error ? "border-2 border-rose text-rose" : "bg-mist"}`}
        >
          {notice.text}
        </p>
      ) : null}
    </div>
  );
}
