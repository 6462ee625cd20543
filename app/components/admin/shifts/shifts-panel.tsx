/** The Shifts tab (issue 66): roles, places and shifts. Filled in by its part. */
export function ShiftsPanel(_props: { fail: (status: number, message: string) => void }) {
  return <h2 className="mt-6 text-2xl font-semibold">Shifts</h2>;
}
