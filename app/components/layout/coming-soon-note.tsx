export interface ComingNoteProps {
  what: string;
}

/** Placeholder body for a page whose content lands in a later issue. */
export function ComingNote({ what }: ComingNoteProps) {
  return (
    <section className="section">
      <div className="container-page max-w-2xl text-center">
        <p className="text-lg text-muted">{what} is coming soon. Please check back shortly.</p>
      </div>
    </section>
  );
}
