/** A volunteer's own page (issue 66): their shifts, the open ones, their roles and blockouts. Filled in by its part. */
export function VolunteerPage() {
  return <h1 className="text-3xl font-semibold">Your shifts</h1>;
}
