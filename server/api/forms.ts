/**
 * `POST /api/forms/:kind`: a form sent before hydration or without JavaScript (see
 * app/components/forms/site-form.tsx). Nothing is stored: the visitor goes back (303, so the reload is
 * a GET) to the page the form was on, at the element showing the form's success message. The fields
 * never reach a URL or a log.
 */
import type { Hono } from "hono";
import { API_PATHS, isFormKind, sentId } from "../../app/lib/api-contract";
import { sameOriginPath } from "../redirect";
import { readBody } from "../request";
import type { ApiDeps } from "./deps";

export function registerForms(app: Hono, _deps: ApiDeps): void {
  app.post(API_PATHS.forms, async (c) => {
    const kind = c.req.param("kind");
    if (!isFormKind(kind)) return c.json({ error: `Unknown form "${kind}"` }, 400);
    const type = c.req.header("content-type") ?? "";
    if (!/^(application\/x-www-form-urlencoded|multipart\/form-data)\b/i.test(type))
      return c.json({ error: "Send the form as application/x-www-form-urlencoded" }, 400);
    await readBody(() => c.req.arrayBuffer());
    return c.redirect(`${sameOriginPath(c.req.header("referer"), c.req.url)}#${sentId(kind)}`, 303);
  });
}
