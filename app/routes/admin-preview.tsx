import type { ComponentType } from "react";
import { useRevalidator } from "react-router";
import { PreviewBar } from "~/components/admin/preview-bar";
import { SignInForm } from "~/components/admin/sign-in-form";
import { adminApi } from "~/lib/admin/api";
import type { PreviewPage, PreviewPageAnswer, PreviewPagesAnswer, PreviewRoute } from "~/lib/admin/preview";
import type { Route } from "./+types/admin-preview";

/**
 * /admin/preview?file=<content file>&page=</path> (issue 41): a page as visitors will see it after the next
 * publish, drawn by the page's own route component from the saved content (its loader's data, computed by the
 * server's editor: GET /api/admin/content/page). Rendered in the browser only, like /admin; never indexed.
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
};

type PageComponent = ComponentType<{ loaderData: unknown; params: Record<string, string>; matches: unknown[] }>;
const loaded = new Map<PreviewRoute, PageComponent>();

/** Where the bar's own state travels in this route's loader data, beside the page's (which the page reads). */
const PREVIEW = "__preview";
type Preview =
  | { state: "shown"; file: string; page: string; pages: PreviewPage[]; route: PreviewRoute }
  | { state: "signed-out" | "problem"; file: string; page: string; pages: PreviewPage[]; message?: string };

const problem = (file: string, page: string, pages: PreviewPage[], message: string) => ({
  [PREVIEW]: { state: "problem", file, page, pages, message } satisfies Preview,
});

/**
 * The page's loader data with the bar's state: the page's component (wrapped by React Router to read its
 * loader data with useLoaderData) is rendered in this route, so this route's data is what it reads.
 */
export async function clientLoader({ request }: Route.ClientLoaderArgs): Promise<Record<string, unknown>> {
  const query = new URL(request.url).searchParams;
  const file = query.get("file") ?? "";
  let page = query.get("page") ?? "";
  let pages: PreviewPage[] = [];
  if (file) {
    const res = await adminApi<PreviewPagesAnswer>(`/content/preview-pages?path=${encodeURIComponent(file)}`);
    if (res.status === 401) return { [PREVIEW]: { state: "signed-out", file, page, pages } satisfies Preview };
    if (!res.ok) return problem(file, page, pages, res.error);
    pages = res.data.pages;
  }
  page ||= pages[0]?.page ?? "";
  if (!page) return problem(file, page, pages, "This file is shown on no page that can be previewed.");
  const res = await adminApi<PreviewPageAnswer>(`/content/page?page=${encodeURIComponent(page)}`);
  if (res.status === 401) return { [PREVIEW]: { state: "signed-out", file, page, pages } satisfies Preview };
  if (!res.ok) return problem(file, page, pages, res.error);
  const { route, data } = res.data;
  if (!loaded.has(route)) loaded.set(route, (await PAGES[route]()).default as PageComponent);
  return { ...(data as object), [PREVIEW]: { state: "shown", file, page, pages, route } satisfies Preview };
}

export const meta = ({ loaderData }: Route.MetaArgs) => {
  const bar = loaderData?.[PREVIEW] as Preview | undefined;
  const label = bar?.pages.find((p) => p.page === bar.page)?.label;
  return [{ title: `Preview${label ? `: ${label}` : ""} | TNCC` }, { name: "robots", content: "noindex, nofollow" }];
};

export function HydrateFallback() {
  return <p className="container-page py-10">Loading the preview…</p>;
}

export default function AdminPreview({ loaderData }: Route.ComponentProps) {
  const revalidator = useRevalidator();
  const bar = loaderData[PREVIEW] as Preview;
  const Page = bar.state === "shown" ? loaded.get(bar.route) : undefined;
  return (
    <>
      <PreviewBar file={bar.file} page={bar.page} pages={bar.pages} />
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
              <p role="alert" className="mt-6">
                {bar.state === "problem" ? bar.message : "The preview could not be shown."}
              </p>
            )}
          </div>
        </section>
      )}
    </>
  );
}
