import { Form, Link } from '@remix-run/react'
import type { ReactNode } from 'react'
import { Button } from '~/components/ui/button.tsx'
import { linkButtonClass } from './ui.tsx'

/**
 * A back office list's filters: a GET form, so a filtered list is a link staff can share; its
 * fields in a grid (`className` sets the columns), then "apply" and "clear" (`clearTo`, the list
 * without filters) in the cells left (`actionsClassName` spans them).
 */
export function ListFilterForm(props: {
  clearTo: string
  className: string
  actionsClassName: string
  children: ReactNode
}) {
  return (
    <Form
      method="get"
      className={`grid gap-3 rounded-2xl border border-slate-200 bg-white p-4 ${props.className}`}
    >
      {props.children}
      <div className={`flex items-end gap-2 ${props.actionsClassName}`}>
        <Button type="submit">اعمال فیلتر</Button>
        <Link to={props.clearTo} className={linkButtonClass}>
          حذف فیلترها
        </Link>
      </div>
    </Form>
  )
}
