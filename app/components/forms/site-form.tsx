import type { ComponentProps } from "react";
import { FORM_MESSAGES, sentId, type FormKind } from "~/lib/form-kinds";
import { handleSubmit } from "~/lib/forms";

type Props = { kind: FormKind } & Omit<ComponentProps<"form">, "method" | "action" | "onSubmit">;

/**
 * Every form of the site. Once hydrated, submit runs the browser's checks, resets the form and shows
 * the spec's toast. Before hydration (or with JavaScript off) the browser POSTs to
 * `/api/forms/<kind>`, so nothing typed ever lands in a URL; the server answers with a redirect back
 * to `#sent-<kind>`, and the message below appears through `:target`.
 */
export function SiteForm({ kind, children, ...rest }: Props) {
  return (
    <form method="post" action={`/api/forms/${kind}`} onSubmit={handleSubmit(kind)} {...rest}>
      {children}
      <p id={sentId(kind)} role="status" className="form-sent">
        {FORM_MESSAGES[kind]}
      </p>
    </form>
  );
}
