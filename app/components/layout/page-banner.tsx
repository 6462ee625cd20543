import { Link } from "react-router";

export interface Crumb {
  label: string;
  href?: string;
}

export interface PageBannerProps {
  title: string;
  /** Crumbs between Home and the current page, e.g. Blog on a post. */
  trail?: Crumb[];
}

/** Every inner page's title banner, with a breadcrumb from Home to the current page. */
export function PageBanner({ title, trail = [] }: PageBannerProps) {
  const crumbs: Crumb[] = [{ label: "Home", href: "/" }, ...trail, { label: title }];
  return (
    <section className="on-dark bg-[radial-gradient(ellipse_at_top,#3a2f7a_0%,#16123a_65%)] py-16 text-center text-paper md:py-24">
      <div className="container-page">
        <h1 className="text-4xl font-semibold md:text-5xl">{title}</h1>
        <nav aria-label="Breadcrumb" className="mt-4">
          <ol className="flex flex-wrap justify-center gap-2 text-lilac">
            {crumbs.map((crumb, index) => (
              <li key={`${crumb.label}-${index}`} className="flex items-center gap-2">
                {index > 0 && <span aria-hidden="true">/</span>}
                {crumb.href ? (
                  <Link to={crumb.href} className="underline-offset-4 hover:text-gold hover:underline">
                    {crumb.label}
                  </Link>
                ) : (
                  <span aria-current="page" className="text-gold">
                    {crumb.label}
                  </span>
                )}
              </li>
            ))}
          </ol>
        </nav>
      </div>
    </section>
  );
}
