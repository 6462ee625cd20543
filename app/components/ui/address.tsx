import { Fragment } from "react";

/**
 * An e-mail address that wraps whole (issue 62): a line may break after its "@" and after each dot, never inside
 * a word ("…@example.or g"). A piece longer than the line alone still breaks (`wrap-break-word`, which leaves the
 * box's width alone, unlike `break-all` or `overflow-wrap: anywhere`, which let a flex box squeeze every word).
 * Nothing for no address.
 */
export function Address({ email, className = "" }: { email: string | null | undefined; className?: string }) {
  if (!email) return null;
  const pieces = email.split(/(?<=[@.])/);
  return (
    <span className={`wrap-break-word ${className}`.trim()}>
      {pieces.map((piece, i) => (
        <Fragment key={i}>
          {i > 0 && <wbr />}
          {piece}
        </Fragment>
      ))}
    </span>
  );
}
