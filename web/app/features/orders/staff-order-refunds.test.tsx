import type { StaffRefund } from '@arzpol/contracts'
import { describe, expect, it } from 'vitest'
import { renderInRouter } from '../../../tests/render-in-router.tsx'
import { settleRefundIntent, StaffOrderRefunds } from './staff-order-refunds.tsx'

const refund = (id: number, status: StaffRefund['status']): StaffRefund => ({
  id,
  amount_irr: 12_000_000,
  method: 'manual',
  status,
  reference: null,
  created_at: '2026-11-29T08:00:00.000Z',
  settled_at: null,
})

/** A pending refund's form, as support see it while they record the bank's tracking number. */
describe('StaffOrderRefunds', () => {
  const REFUSED = 'شماره پیگیری بازپرداخت لازم است'

  it('shows the errors of an answer on the form of the refund that was sent, not on every pending one', async () => {
    const html = await renderInRouter(
      <StaffOrderRefunds
        refunds={[refund(1, 'pending'), refund(2, 'pending'), refund(3, 'done')]}
        errorsFor={(intent) =>
          intent === settleRefundIntent(2)
            ? { form: [], fields: { reference: [REFUSED] } }
            : undefined
        }
      />,
    )
    const forms = html.split('<form').slice(1)
    expect(forms).toHaveLength(2)
    expect(forms[0]).toContain(`value="${settleRefundIntent(1)}"`)
    expect(forms[0]).not.toContain(REFUSED)
    expect(forms[1]).toContain(`value="${settleRefundIntent(2)}"`)
    expect(forms[1]).toContain(REFUSED)
  })

  it('asks for the reference as a bank gives it: required, left to right, with no suggestions', async () => {
    const html = await renderInRouter(
      <StaffOrderRefunds refunds={[refund(1, 'pending')]} errorsFor={() => undefined} />,
    )
    const input = /<input[^>]*name="reference"[^>]*>/.exec(html)?.[0]
    expect(input).toMatch(/autocomplete="off"/i)
    expect(input).toContain('dir="ltr"')
    expect(input).toContain('spellcheck="false"')
    expect(input).toMatch(/\srequired/)
  })
})
