import { NotFound } from "~/components/layout/not-found";
import { pageMeta } from "~/lib/seo/meta";

// No loader here: a catch-all route with a loader fails the pre-rendered build (docs/STACK.md).
export const meta = () =>
  pageMeta({ title: "Page not Found", description: "Sorry, we couldnt find the page youre looking for", path: "/404" });

export default function NotFoundRoute() {
  return <NotFound />;
}
