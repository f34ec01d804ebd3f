import { Form } from '@remix-run/react'
import { FormAlert, SubmitButton } from '~/components/forms.tsx'
import { buttonClass } from '~/components/ui/button.tsx'

/**
 * Cancelling an order still awaiting payment, asked once more in plain HTML (works without
 * JavaScript): the first tap opens the question, the second cancels. A refusal (the order was
 * paid or expired meanwhile) shows here, beside the button that caused it, with the question
 * left open.
 */
export function CancelOrder({ errors }: { errors: string[] }) {
  return (
    <details className="group" data-testid="cancel-order" open={errors.length > 0}>
      <summary
        className={`${buttonClass('secondary', 'lg')} cursor-pointer list-none group-open:hidden`}
      >
        لغو سفارش
      </summary>
      <Form
        method="post"
        className="flex flex-col gap-2 rounded-xl border border-amber-200 bg-amber-50 p-4"
      >
        <FormAlert errors={errors} />
        <p className="text-sm leading-7 text-amber-900">
          این سفارش لغو شود؟ پس از لغو نمی‌توانید آن را پرداخت کنید و برای همین خرید باید درخواست
          تازه‌ای ثبت کنید.
        </p>
        <SubmitButton intent="cancel" variant="secondary">
          بله، سفارش لغو شود
        </SubmitButton>
      </Form>
    </details>
  )
}
