import type { ReactNode } from 'react'
import { Panel } from './ui.tsx'

/**
 * A record's facts on its back office page: a panel of labels with their values beside them
 * (under them on a phone).
 */
export function DetailsPanel(props: { title: string; testId?: string; children: ReactNode }) {
  return (
    <Panel title={props.title} testId={props.testId}>
      <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]">
        {props.children}
      </dl>
    </Panel>
  )
}

/** One fact of a DetailsPanel: its label, and its value. */
export function Detail(props: {
  label: ReactNode
  children: ReactNode
  className?: string
  testId?: string
}) {
  return (
    <>
      <dt className="text-slate-500">{props.label}</dt>
      <dd className={props.className} data-testid={props.testId}>
        {props.children}
      </dd>
    </>
  )
}
