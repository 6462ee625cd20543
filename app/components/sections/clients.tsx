import type { Client } from "~/content/schemas";
import { ResponsiveImage } from "../ui/responsive-image";
import { SectionTitle } from "../ui/section-title";
import { AutoCarousel } from "./auto-carousel";

export interface ClientsProps {
  clients: Pick<Client, "id" | "name" | "image">[];
  eyebrow?: string;
  title?: string;
}

/** Spec: 5 logos visible, 4 at <= 1024 px, 3 at <= 768, 2 at <= 600, 1 below 480; a new one every 5000 ms. */
export const CLIENT_SLIDE_CLASS =
  "basis-full min-[481px]:basis-1/2 min-[601px]:basis-1/3 min-[769px]:basis-1/4 min-[1025px]:basis-1/5";
export const CLIENT_DELAY_MS = 5000;

/** Client and sponsor logos in an autoplaying carousel. */
export function Clients({ clients, eyebrow = "Partners", title = "Our Clients and Sponsors" }: ClientsProps) {
  return (
    <section aria-labelledby="clients-title" className="section bg-mist">
      <div className="container-page">
        <SectionTitle id="clients-title" eyebrow={eyebrow} title={title} />
        <div className="mt-12">
          <AutoCarousel
            label={`${title}: logos`}
            slideClass={CLIENT_SLIDE_CLASS}
            delayMs={CLIENT_DELAY_MS}
            slides={clients.map((client) => ({
              key: client.id,
              content: (
                <div className="flex h-28 items-center justify-center rounded-[var(--radius-card)] bg-paper p-5 shadow-soft">
                  <ResponsiveImage
                    image={client.image}
                    sizes="200px"
                    loading="lazy"
                    className="max-h-16 w-auto object-contain"
                  />
                </div>
              ),
            }))}
          />
        </div>
      </div>
    </section>
  );
}
