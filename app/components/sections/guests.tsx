import { SpeakerCard, type SpeakerCardProps } from "../speakers/speaker-card";
import { SectionTitle } from "../ui/section-title";

export interface GuestsProps {
  speakers: Omit<SpeakerCardProps, "sizes" | "delay" | "headingLevel">[];
}

/** #speakers: 'Meet our Guests', every guest's card linking to their page. */
export function Guests({ speakers }: GuestsProps) {
  return (
    <section id="speakers" aria-labelledby="speakers-title" className="section bg-paper">
      <div className="container-page">
        <SectionTitle
          id="speakers-title"
          eyebrow="Speakers"
          title="Meet our Guests"
          lead="Pastors, worshippers and speakers who will open the Word and lead us in praise."
        />
        <ul className="mt-12 grid grid-cols-2 gap-x-4 gap-y-8 sm:gap-x-8 lg:grid-cols-3 xl:grid-cols-5">
          {speakers.map((speaker, index) => (
            <li key={speaker.id}>
              <SpeakerCard {...speaker} delay={index * 100} />
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
