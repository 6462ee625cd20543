import { useEffect, useRef, type ReactNode } from "react";
import type { SoldOutAnswer } from "../forms/site-form";

/** The anchor the box office sends a purchase posted without JavaScript to when its plan is sold out. */
export const SOLD_OUT_ID = "sold-out";

export interface SoldOutNoticeProps {
  /** The box office's answer to this visit's purchase; null before one (then only the no-JS anchor shows it). */
  answer: SoldOutAnswer | null;
  /** The plan asked for (the waiting list joins it). */
  plan: string;
  /** What the visitor can do instead: the waiting list's form goes here. */
  children?: ReactNode;
  /**
   * Whether the notice takes the focus when an answer comes (default). Not when the page merely learnt on
   * arrival that the plan is sold out: the focus stays where the visitor left it.
   */
  focus?: boolean;
}

/**
 * "Sold out" beside the purchase form, where the eye is: focus moves to it when the answer comes. Without
 * JavaScript the box office redirects to `#sold-out` and the same element shows through `:target`.
 * A form of its own (the waiting list) can be passed as children: it is outside the purchase form.
 */
export function SoldOutNotice({ answer, plan, children, focus = true }: SoldOutNoticeProps) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (answer && focus) box.current?.focus();
    // Only a new answer moves the focus, not a change of `focus` itself.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [answer]);
  return (
    <div
      ref={box}
      id={SOLD_OUT_ID}
      tabIndex={-1}
      data-plan={plan}
      className={`${answer ? "" : "form-sent"} rounded-[var(--radius-card)] border-s-4 border-rose bg-paper p-5 shadow-soft`}
    >
      <p role="status" className="font-semibold">
        {answer?.message ??
          "Not enough seats are left in this plan for your order: choose fewer tickets or another plan, or join the waiting list."}
      </p>
      {children}
    </div>
  );
}
