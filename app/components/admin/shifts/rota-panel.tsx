/** The Rota tab (issue 66): per day, places by time, filled and needed, who is on now. Filled in by its part. */
export function RotaPanel(_props: { fail: (status: number, message: string) => void }) {
  return <h2 className="mt-6 text-2xl font-semibold">Rota</h2>;
}
