import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { PaymentResult, paymentOutcomeOf } from './payment-result.tsx'

/** The box the bank's return lands on: what happened, and which card a failed payment needed. */
describe('PaymentResult', () => {
  const card = { bank_name: 'سامان', masked_number: '621986******0009' }
  const render = (props: Parameters<typeof PaymentResult>[0]) =>
    renderToStaticMarkup(createElement(PaymentResult, props))

  it('reads only the three outcomes payments-service sends back', () => {
    expect(['success', 'failed', 'pending'].map(paymentOutcomeOf)).toEqual([
      'success',
      'failed',
      'pending',
    ])
    for (const other of [null, '', 'FAILED', 'paid', 'failed ', '<script>'])
      expect(paymentOutcomeOf(other)).toBeNull()
    expect(render({ outcome: null, expectedCard: card })).toBe('')
  })

  it('a failed payment names the one card the bank would take, in Persian digits, and the way to another', () => {
    const html = render({ outcome: 'failed', expectedCard: card })
    expect(html).toContain('پرداخت انجام نشد')
    expect(html).toContain('سامان · ۶۲۱۹۸۶******۰۰۰۹')
    expect(html).not.toContain('0009')
    expect(html).toContain('href="/dashboard/identity"')
  })

  it('names no card when any card could pay, or when the payment went through', () => {
    expect(render({ outcome: 'failed', expectedCard: null })).not.toContain('payment-expected-card')
    expect(render({ outcome: 'failed', expectedCard: undefined })).toContain('پرداخت مجدد')
    const paid = render({ outcome: 'success', expectedCard: card })
    expect(paid).toContain('پرداخت با موفقیت انجام شد')
    expect(paid).not.toContain('payment-expected-card')
  })
})
