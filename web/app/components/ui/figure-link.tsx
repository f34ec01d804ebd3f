import { Link } from '@remix-run/react'

/** One figure on a home page (customer or staff) that links to the list it counts. */
export function FigureLink(props: {
  to: string
  label: string
  value: string
  testId: string
  hint?: string
}) {
  return (
    <Link
      to={props.to}
      data-testid={props.testId}
      className="flex flex-col gap-1 rounded-2xl border border-slate-200 bg-white p-5 transition hover:border-teal-300"
    >
      <span className="text-sm text-slate-600">{props.label}</span>
      <span className="text-2xl font-extrabold text-slate-900">{props.value}</span>
      {props.hint ? <span className="text-xs text-slate-500">{props.hint}</span> : null}
    </Link>
  )
}
