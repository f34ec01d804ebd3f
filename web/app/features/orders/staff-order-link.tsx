import { formatNumberFa } from '@arzpol/contracts'
import { Link } from '@remix-run/react'

/** An order's number in a back-office table, opening the order's staff page. */
export function StaffOrderLink({ id, testId }: { id: number; testId?: string }) {
  return (
    <Link to={`/staff/orders/${id}`} className="text-teal-800 underline" data-testid={testId}>
      <bdi>#{formatNumberFa(id)}</bdi>
    </Link>
  )
}
