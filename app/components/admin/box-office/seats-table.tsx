import type { AttendeesSummary } from "~/api/admin/attendees";

/** Per plan, in people: sold, held (checkouts and waiting-list offers open), left, and waiting on the list. */
export function SeatsTable({ plans }: { plans: AttendeesSummary["plans"] }) {
  const cell = "px-2 py-2 text-end tabular-nums";
  return (
    <div className="mt-4 overflow-x-auto rounded-[var(--radius-card)] bg-paper">
      <table className="w-full text-sm sm:text-base">
        <caption className="p-3 text-start font-semibold">Seats per plan (people)</caption>
        <thead>
          <tr className="border-b border-ink/15">
            <th scope="col" className="px-2 py-2 text-start">
              Plan
            </th>
            <th scope="col" className={cell}>
              Sold
            </th>
            <th scope="col" className={cell}>
              Held
            </th>
            <th scope="col" className={cell}>
              Left
            </th>
            <th scope="col" className={cell}>
              Waiting
            </th>
          </tr>
        </thead>
        <tbody>
          {plans.map((p) => (
            <tr key={p.id} className="border-b border-ink/10 last:border-0">
              <th scope="row" className="px-2 py-2 text-start font-semibold">
                {p.title}
                <span className="block text-xs font-normal text-muted">of {p.capacity}</span>
              </th>
              <td className={cell}>{p.sold}</td>
              <td className={cell}>{p.held}</td>
              <td className={cell}>{p.left === 0 ? "Sold out" : p.left}</td>
              <td className={cell}>{p.waiting}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
