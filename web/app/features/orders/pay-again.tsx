import { formatNumberFa } from '@arzpol/contracts'
import { Alert } from '~/components/ui/alert.tsx'
import { CREDENTIAL_TYPES } from './orders.ts'

/** Above the new-request form filled in from an unpaid order: what was copied, what was not. */
export function PayAgainNotice({
  orderId,
  values,
}: {
  orderId: number
  values: Record<string, string>
}) {
  return (
    <Alert tone="info" title="پرداخت مجدد" className="mb-4">
      <p data-testid="pay-again">
        فرم با اطلاعات سفارش <bdi>#{formatNumberFa(orderId)}</bdi> پر شده است. مبلغ تومانی با نرخ
        امروز دوباره محاسبه می‌شود؛ آن را ببینید و سفارش را ثبت کنید.
        {CREDENTIAL_TYPES.includes(values.payment_type ?? '')
          ? ' رمز عبور سایت را دوباره وارد کنید: برای امنیت شما، رمز هیچ‌گاه به صفحه بازگردانده نمی‌شود.'
          : null}
      </p>
    </Alert>
  )
}
