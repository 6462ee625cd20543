import { Link } from "react-router";
import { PageBanner } from "~/components/layout/page-banner";
import { OrderConfirmation } from "~/components/tickets/order-confirmation";
import { pageMeta } from "~/lib/seo/meta";

export const meta = () =>
  pageMeta({ title: "Succesful Transaction", description: "Thank you for your donation to TNCC.", path: "/success" });

export default function Success() {
  return (
    <>
      {/* 'Succesful' is the spec's spelling of the page title. */}
      <PageBanner title="Succesful Transaction" />
      <section className="section">
        <div className="container-page max-w-2xl text-center">
          <h2 className="text-3xl font-semibold">Thank you for your donation!</h2>
          <p className="mt-4 text-lg text-muted">
            Your gift helps make the Wrapped in Grace Conference possible. If you are travelling to the conference,
            please book your accommodation early.
          </p>
          <OrderConfirmation />
          <Link to="/home" className="btn btn-primary mt-8">
            Home
          </Link>
        </div>
      </section>
    </>
  );
}
