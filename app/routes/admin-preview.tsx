import { useEffect, type ComponentType } from "react";
import { useRevalidator } from "react-router";
import { PreviewBar } from "~/components/admin/content/preview-bar";
import { SignInForm } from "~/components/admin/people/sign-in-form";
import { loadPreview, type PreviewState } from "~/components/admin/content/load-preview";
import { whenEditorSaves } from "~/lib/admin/content-preview";
import type { PreviewRoute } from "~/lib/admin/preview";
import type { Route } from "./+types/admin-preview";

/**
 * /admin/preview?file=<content file>&page=</path> (issue 41): a page as visitors will see it after the next
 * publish, drawn by the page's own route component from the saved content; with `draft=1` (issue 51), from the
 * text in the form of the editor that opened this tab, saved or not (app/lib/admin/content-preview.ts,
 * app/components/admin/content/load-preview.ts). Rendered in the browser only, like /admin; never indexed.
 */

/** The route modules the preview draws, loaded when first shown. */
const PAGES: Record<PreviewRoute, () => Promise<{ default: unknown }>> = {
  home: () => import("./home"),
  schedule: () => import("./schedule"),
  "event-detail": () => import("./event-detail"),
  "speaker-detail": () => import("./speaker-detail"),
  "blog-single": () => import("./blog-single"),
  faqs: () => import("./faqs"),
  gallery: () => import("./gallery"),
  pricing: () => import("./pricing"),
  terms: () => import("./terms"),
};

type PageComponent = ComponentType<{ loaderData: unknown; params: Record<string, string>; matches: unknown[] }>;
const loaded = new Map<PreviewRoute, PageComponent>();

/** Where the bar's own state travels in this route's loader data, beside the page's (which the page reads). */
const PREVIEW = "__preview";

/**
 * The page's loader data with the bar's state: the page's component (wrapped by React Router to read its
 * loader data with useLoaderData) is rendered in this route, so this route's data is what it reads.
 */
export async function clientLoader({ request }: Route.ClientLoaderArgs): Promise<Record<string, unknown>> {
  const { bar, data } = await loadPreview(new URL(request.url).searchParams);
  if (bar.state === "shown" && !loaded.has(bar.route))
    loaded.set(bar.route, (await PAGES[bar.route]()).default as PageComponent);
  // The page opens where the file's entry is (a day file's day on the Schedule, issue 62): its anchor is this
  // tab's hash before the page is drawn, where the page reads it.
  const anchor = bar.pages.find((p) => p.page === bar.page)?.anchor;
  if (bar.state === "shown" && anchor && window.location.hash !== `#${anchor}`)
    window.history.replaceState(
      window.history.state,
      "",
      `${window.location.pathname}${window.location.search}#${anchor}`,
    );
  return { ...(data as object), [PREVIEW]: bar };
}

export const meta = ({ loaderData }: Route.MetaArgs) => {
  const bar = loaderData?.[PREVIEW] as PreviewState | undefined;
  const label = bar?.pages.find((p) => p.page === bar.page)?.label;
  return [{ title: `Preview${label ? `: ${label}` : ""} | TNCC` }, { name: "robots", content: "noindex, nofollow" }];
};

export function HydrateFallback() {
  return <p className="container-page py-10">Loading the preview…</p>;
}

export default function AdminPreview({ loaderData }: Route.ComponentProps) {
  const revalidator = useRevalidator();
  const bar = loaderData[PREVIEW] as PreviewState;
  // A draft's preview is drawn again when its editor saves the file: the bar then says it is saved (issue 62).
  const { revalidate } = revalidator;
  useEffect(() => {
    if (!bar.draft || !bar.file) return;
    return whenEditorSaves(bar.file, () => void revalidate());
  }, [bar.draft, bar.file, revalidate]);
  const Page = bar.state === "shown" ? loaded.get(bar.route) : undefined;
  return (
    <>
      <PreviewBar
        file={bar.file}
        page={bar.page}
        pages={bar.pages}
        draft={bar.draft}
        saved={bar.saved}
        onRefresh={() => void revalidator.revalidate()}
      />
      {Page ? (
        // The page as its route draws it (it reads this route's loader data; the props say the same).
        <Page loaderData={loaderData} params={{}} matches={[]} />
      ) : (
        <section aria-labelledby="preview-title" className="bg-mist py-10">
          <div className="container-page max-w-xl">
            <h1 id="preview-title" className="text-3xl font-semibold">
              Page preview
            </h1>
            {bar.state === "signed-out" ? (
              <div className="mt-6">
                <p className="mb-4">Sign in to see the preview.</p>
                <SignInForm onSignedIn={() => void revalidator.revalidate()} />
              </div>
            ) : (
              <div role="alert" className="mt-6">
                <p>{bar.state === "problem" ? bar.message : "The preview could not be shown."}</p>
                {bar.state === "problem" && bar.problems?.length ? (
                  <ul className="mt-2 list-disc ps-6">
                    {bar.problems.map((p) => (
                      <li key={p} className="break-words">
                        {p}
                      </li>
                    ))}
                  </ul>
                ) : null}
              </div>
            )}
          </div>
        </section>
      )}
    </>
  );
}
