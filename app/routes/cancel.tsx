import { Link } from "react-router";
import { PageBanner } from "~/components/layout/page-banner";
import { pageMeta } from "~/lib/seo/meta";

export const meta = () =>
  pageMeta({
    title: "Transaction Cancelled",
    description: "Your payment was cancelled; nothing was charged.",
    path: "/cancel",
  });

export default function Cancel() {
  return (
    <>
      <PageBanner title="Transaction Cancelled" />
      <section className="section">
        <div className="container-page max-w-2xl text-center">
          <p className="text-lg text-muted">Your payment was cancelled and nothing was charged.</p>
          <div className="mt-8 flex flex-wrap justify-center gap-4">
            <Link to="/pricing#tokens" className="btn btn-primary">
              Back to the sponsor tokens
            </Link>
            <Link to="/home" className="btn btn-outline">
              Home
            </Link>
          </div>
        </div>
      </section>
    </>
  );
}
