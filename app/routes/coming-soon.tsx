import { EmailForm } from "~/components/forms/email-form";
import { DemoOptions } from "~/components/layout/demo-options";
import { SocialLinks } from "~/components/layout/social-icon";
import { Countdown } from "~/components/ui/countdown";
import { pageMeta } from "~/lib/seo/meta";
import { comingSoonView } from "~/content/views.server";
import type { Route } from "./+types/coming-soon";

export async function loader() {
  return comingSoonView();
}

export const meta = () =>
  pageMeta({
    title: "Coming Soon",
    description: "Something new from TNCC is coming soon: leave your e-mail address to hear first.",
    path: "/coming-soon",
  });

/** Coming soon: countdown to May 07 2024, the e-mail form, social links and the demo-options panel. */
export default function ComingSoon({ loaderData: { copy, target, after, social } }: Route.ComponentProps) {
  return (
    <>
      <section
        aria-labelledby="coming-soon-title"
        className="on-dark bg-[radial-gradient(ellipse_at_top,#3a2f7a_0%,#16123a_70%)] py-20 text-center text-paper sm:py-28"
      >
        <div className="container-page">
          <h1 id="coming-soon-title" className="text-[clamp(2.25rem,4vw+1rem,4.5rem)] font-semibold">
            {copy.title}
          </h1>
          <p className="mx-auto mt-4 max-w-2xl text-lg text-lilac">{copy.text}</p>
          <Countdown
            target={target}
            after={after}
            label="Time left until launch"
            expiredMessage="Countdown finished: the coming-soon date has passed."
            className="mx-auto mt-10 max-w-2xl"
          />
          <div className="mt-10">
            <EmailForm />
          </div>
          <SocialLinks links={social} className="mt-8 justify-center text-paper" />
        </div>
      </section>
      <section className="section bg-mist">
        <div className="container-page">
          <DemoOptions />
        </div>
      </section>
    </>
  );
}
