import { SectionTitle } from "../ui/section-title";

export interface PendingSectionProps {
  id: string;
  eyebrow: string;
  title: string;
}

/**
 * TEMPORARY: stands in for a section another branch is building (sponsor-token pricing, gallery), so the
 * page already has its heading in the right place. Replaced when the branches are merged (TODO(merge)).
 */
export function PendingSection({ id, eyebrow, title }: PendingSectionProps) {
  return (
    <section aria-labelledby={id} className="section bg-paper" data-pending-section>
      <div className="container-page">
        <SectionTitle id={id} eyebrow={eyebrow} title={title} />
      </div>
    </section>
  );
}
