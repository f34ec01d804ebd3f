import { formatJalaliDateTime } from '@arzpol/contracts'
import { Form } from '@remix-run/react'
import { FormAlert, SubmitButton } from '~/components/forms.tsx'
import { Panel } from '~/features/staff/ui.tsx'
import { allMessages, type FormErrors } from '~/utils/form-errors.ts'
import type { StaffTicket } from './staff-ticket-summary.tsx'

type Assignee = NonNullable<StaffTicket['assignee']>

/**
 * Whom the agent sees working the ticket, as every form of the page sends it back (`none`:
 * nobody): payments-service refuses the step if that changed since the page was drawn.
 */
export function SeenAssignee({ assignee }: { assignee: Assignee | null }) {
  return (
    <input type="hidden" name="seen_assignee" value={assignee ? String(assignee.id) : 'none'} />
  )
}

/** Who works an open ticket, and the buttons to take it, let it go or mark it solved. */
export function StaffTicketAssignment({
  ticket,
  me,
  errors,
}: {
  ticket: StaffTicket
  me: number
  errors: FormErrors | undefined
}) {
  const assignee = ticket.assignee ?? null
  const mine = assignee?.id === me
  return (
    <Panel title="کار روی تیکت">
      <div className="flex flex-col gap-3">
        <FormAlert errors={errors ? allMessages(errors) : []} />
        <p className="text-sm text-slate-700" data-testid="ticket-assignee">
          {assignee === null ? (
            'هنوز کسی این تیکت را برنداشته است؛ اولین پاسخ آن را به نام شما می‌کند.'
          ) : (
            <>
              {mine ? (
                'این تیکت با شماست'
              ) : (
                <>
                  این تیکت با «<bdi>{assignee.username}</bdi>» است
                </>
              )}
              {` · از ${formatJalaliDateTime(assignee.since)}`}
            </>
          )}
        </p>
        {ticket.resolved_at ? (
          <p className="text-sm text-emerald-800" data-testid="ticket-resolved">
            {`حل‌شده علامت خورده (${formatJalaliDateTime(ticket.resolved_at)})؛ مشتری آن را می‌بندد، یا با پیام تازه‌ای دوباره باز می‌شود.`}
          </p>
        ) : null}
        <Form method="post" className="flex flex-wrap gap-2">
          <SeenAssignee assignee={assignee} />
          {mine ? (
            <SubmitButton intent="release" variant="secondary">
              رها کردن تیکت
            </SubmitButton>
          ) : (
            <SubmitButton intent="take" variant="secondary">
              {assignee ? `برداشتن تیکت از «${assignee.username}»` : 'برداشتن تیکت'}
            </SubmitButton>
          )}
          {ticket.resolved_at ? null : (
            <SubmitButton intent="resolve" variant="secondary">
              علامت حل‌شده
            </SubmitButton>
          )}
        </Form>
      </div>
    </Panel>
  )
}
