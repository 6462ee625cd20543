import { Link } from "react-router";

/** The 404 page body (spec: 'Page not Found', Home Page and Contact Us buttons). */
export function NotFound() {
  return (
    <section className="section text-center">
      <div className="container-page max-w-2xl">
        <p className="font-serif text-8xl font-semibold text-gold-deep" aria-hidden="true">
          404
        </p>
        <h1 className="mt-4 text-4xl font-semibold">Page not Found</h1>
        <p className="mt-4 text-lg text-muted">Sorry, we couldnt find the page youre looking for</p>
        <div className="mt-8 flex flex-wrap justify-center gap-4">
          <Link to="/" className="btn btn-primary">
            Home Page
          </Link>
          <Link to="/contact" className="btn btn-outline">
            Contact Us
          </Link>
        </div>
      </div>
    </section>
  );
}
