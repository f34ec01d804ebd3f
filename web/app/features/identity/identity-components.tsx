import { formatNumberFa, formatToman } from '@arzpol/contracts'
import { Form, Link } from '@remix-run/react'
import { useId, type ComponentProps } from 'react'
import { boundFields, Field, FormAlert, SubmitButton } from '~/components/forms.tsx'
import type { FormErrors } from '~/utils/form-errors.ts'
import type { IdentityStatus } from './identity-schemas.ts'
import type { StepState } from './identity-steps.ts'
import {
  IDENTITY_TEXTS,
  LIMIT_LABELS,
  levelName,
  reservationNote,
  USAGE_TEXTS,
} from './identity-texts.ts'

/** The customer's identity screens' building blocks (RTL, mobile first, plain forms). */

export function LevelBadge({ level }: { level: number }) {
  const look = [
    'bg-slate-100 text-slate-800',
    'bg-sky-100 text-sky-900',
    'bg-emerald-100 text-emerald-900',
  ]
  return (
    <span
      data-testid="identity-level"
      data-level={level}
      className={`inline-flex items-center rounded-full px-3 py-1 text-sm font-bold ${look[level] ?? look[0]}`}
    >
      {levelName(level)}
    </span>
  )
}

/**
 * The current level's limits, and for today and this month what moved, what payments under way
 * hold and what remains; then the orders holding part of them, each linked (ADR 022, revised).
 */
export function LimitsSummary({ status }: { status: IdentityStatus }) {
  const { limits } = status
  return (
    <div className="flex flex-col gap-3">
      <dl className="grid gap-3 sm:grid-cols-3" data-testid="identity-limits">
        <LimitItem label={LIMIT_LABELS.per_order} value={formatToman(limits.per_order_irr)} />
        <LimitItem
          label={LIMIT_LABELS.per_day}
          value={formatToman(limits.per_day_irr)}
          usage={periodUsage(limits, 'today')}
        />
        <LimitItem
          label={LIMIT_LABELS.per_month}
          value={formatToman(limits.per_month_irr)}
          usage={periodUsage(limits, 'month')}
        />
      </dl>
      <Reservations holds={limits.reservations} />
    </div>
  )
}

type Limits = IdentityStatus['limits']

/** [test id, label, rials] */
type UsageRow = [string, string, number]

const PERIOD_TEXTS = {
  today: { used: USAGE_TEXTS.usedToday, remaining: USAGE_TEXTS.remainingToday },
  month: { used: USAGE_TEXTS.usedThisMonth, remaining: USAGE_TEXTS.remainingThisMonth },
}

/**
 * What moved in the period, what payments under way hold and what remains. A hold counts against
 * the day and the month alike, so the same reserved amount shows under both.
 */
function periodUsage(limits: Limits, period: keyof typeof PERIOD_TEXTS): UsageRow[] {
  const texts = PERIOD_TEXTS[period]
  return [
    [`${period}-used`, texts.used, limits[`${period}_used_irr`]],
    [`${period}-reserved`, USAGE_TEXTS.reserved, limits.reserved_irr],
    [`${period}-remaining`, texts.remaining, limits[`${period}_remaining_irr`]],
  ]
}

/** A limit; under it, its usage rows, the last (what remains) in bold. */
function LimitItem(props: { label: string; value: string; usage?: UsageRow[] }) {
  const usage = props.usage ?? []
  return (
    <div className="rounded-xl bg-slate-50 px-4 py-3">
      <dt className="text-sm text-slate-600">{props.label}</dt>
      <dd className="mt-1 font-bold text-slate-900">{props.value}</dd>
      {usage.map(([testId, label, irr], index) => (
        <dd
          key={testId}
          data-testid={testId}
          className={`mt-1 flex flex-wrap justify-between gap-x-2 text-sm ${
            index === usage.length - 1 ? 'font-bold text-slate-900' : 'text-slate-700'
          }`}
        >
          <span>{label}:</span> <span>{formatToman(irr)}</span>
        </dd>
      ))}
    </div>
  )
}

type Hold = Limits['reservations'][number]

/** The orders whose payment under way holds part of the limits, and how each hold ends. */
function Reservations({ holds }: { holds: Hold[] }) {
  if (holds.length === 0) return null
  return (
    <section
      aria-label={USAGE_TEXTS.reservationsTitle}
      data-testid="limit-reservations"
      className="rounded-xl border border-amber-200 bg-amber-50 px-4 py-3"
    >
      <h3 className="text-sm font-bold text-slate-900">{USAGE_TEXTS.reservationsTitle}</h3>
      <ul className="mt-2 flex flex-col gap-2">
        {holds.map((hold) => (
          <li
            key={hold.order_id}
            data-testid="limit-reservation"
            className="flex flex-col gap-0.5 text-sm text-slate-800"
          >
            <span className="flex flex-wrap items-baseline gap-x-3">
              <Link
                to={`/dashboard/orders/${hold.order_id}`}
                className="font-bold text-teal-800 underline"
              >
                سفارش <bdi>#{formatNumberFa(hold.order_id)}</bdi>
              </Link>
              <span className="font-semibold">{formatToman(hold.amount_irr)}</span>
            </span>
            <span className="text-xs leading-6 text-slate-700">{reservationNote(hold)}</span>
          </li>
        ))}
      </ul>
      <p className="mt-2 text-xs leading-6 text-slate-600">{USAGE_TEXTS.reservationsHelp}</p>
    </section>
  )
}

/** What the next level asks and what it unlocks. */
export function NextLevelPanel({ status }: { status: IdentityStatus }) {
  const next = status.next_level
  if (!next) {
    return <p className="text-sm leading-7 text-slate-700">{IDENTITY_TEXTS.topLevel}</p>
  }
  return (
    <div className="flex flex-col gap-2" data-testid="next-level">
      <p className="leading-7 text-slate-700">
        با رسیدن به <strong>{levelName(next.level)}</strong> ({next.steps}) سقف‌های شما این می‌شود:
      </p>
      <ul className="flex flex-col gap-1 text-sm text-slate-800">
        <li>
          {LIMIT_LABELS.per_order}: <strong>{formatToman(next.limits.per_order_irr)}</strong>
        </li>
        <li>
          {LIMIT_LABELS.per_day}: <strong>{formatToman(next.limits.per_day_irr)}</strong>
        </li>
        <li>
          {LIMIT_LABELS.per_month}: <strong>{formatToman(next.limits.per_month_irr)}</strong>
        </li>
      </ul>
    </div>
  )
}

const STEP_LOOK: Record<StepState, { mark: string; text: string; label: string }> = {
  done: { mark: 'bg-emerald-600 text-white', text: 'text-slate-900', label: 'انجام شد' },
  current: { mark: 'bg-teal-700 text-white', text: 'text-slate-900', label: 'گام فعلی' },
  waiting: { mark: 'bg-amber-500 text-white', text: 'text-slate-900', label: 'در انتظار بررسی' },
  locked: { mark: 'bg-slate-200 text-slate-600', text: 'text-slate-500', label: 'پس از گام قبل' },
}

/** The verification steps in order, each with its state, and the share of them done. */
export function StepsProgress({ steps }: { steps: { title: string; state: StepState }[] }) {
  const done = steps.filter((step) => step.state === 'done').length
  const id = useId()
  return (
    <div className="flex flex-col gap-3">
      <div className="flex items-center gap-3">
        <progress
          id={id}
          max={steps.length}
          value={done}
          className="h-2 flex-1 accent-teal-700"
          aria-label="پیشرفت احراز هویت"
        />
        <label htmlFor={id} className="text-sm text-slate-700">
          {formatNumberFa(done)} از {formatNumberFa(steps.length)} گام
        </label>
      </div>
      <ol className="flex flex-col gap-2" data-testid="identity-steps">
        {steps.map((step, index) => {
          const look = STEP_LOOK[step.state]
          return (
            <li key={step.title} className="flex items-center gap-3" data-state={step.state}>
              <span
                aria-hidden="true"
                className={`flex size-7 shrink-0 items-center justify-center rounded-full text-sm font-bold ${look.mark}`}
              >
                {step.state === 'done' ? '✓' : formatNumberFa(index + 1)}
              </span>
              <span className={`text-sm font-medium ${look.text}`}>{step.title}</span>
              <span className="text-xs text-slate-500">({look.label})</span>
            </li>
          )
        })}
      </ol>
    </div>
  )
}

export const LEVEL1_FIELDS = ['first_name', 'last_name', 'national_code', 'birth_date'] as const

/** Digits typed left to right on a numeric keyboard; no autofill unless the field names one. */
function DigitsField(props: ComponentProps<typeof Field>) {
  return <Field inputMode="numeric" dir="ltr" autoComplete="off" maxLength={20} {...props} />
}

/** The level-1 form: a plain post (works without JavaScript); the server checks everything. */
export function Level1Form({
  errors,
  values,
}: {
  errors: FormErrors | undefined
  values: Record<string, string> | undefined
}) {
  const field = boundFields(errors, values)
  return (
    <Form method="post" noValidate className="grid gap-4 sm:grid-cols-2" data-testid="level1-form">
      <div className="sm:col-span-2">
        <FormAlert errors={errors?.form ?? []} />
      </div>
      <Field {...field('first_name')} label="نام" autoComplete="given-name" />
      <Field {...field('last_name')} label="نام خانوادگی" autoComplete="family-name" />
      <DigitsField {...field('national_code')} label="کد ملی" hint="ده رقم، بدون خط تیره" />
      <DigitsField
        {...field('birth_date')}
        label="تاریخ تولد (شمسی)"
        autoComplete="bday"
        placeholder="1370/06/15"
        hint="سال/ماه/روز، مثلاً ۱۳۷۰/۰۶/۱۵"
      />
      <p className="text-sm leading-7 text-slate-600 sm:col-span-2">
        شماره موبایل این حساب باید به نام صاحب همین کد ملی ثبت شده باشد؛ این را از سامانهٔ استعلام
        می‌پرسیم.
      </p>
      <div className="sm:col-span-2">
        <SubmitButton intent="level1">تأیید هویت</SubmitButton>
      </div>
    </Form>
  )
}

/** A link to the identity page, for an order refused above the limit or for want of a card. */
export function IdentityPageLink() {
  return (
    <Link
      to="/dashboard/identity"
      data-testid="identity-limit-link"
      className="font-bold text-teal-800 underline"
    >
      {IDENTITY_TEXTS.identityPageLink}
    </Link>
  )
}

/** The dashboard home's panel: the level, and what is used, held and left of its limits. */
export function IdentityOverview({ status }: { status: IdentityStatus }) {
  return (
    <section
      aria-label="سطح احراز هویت و سقف‌ها"
      data-testid="identity-overview"
      className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-5"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="flex items-center gap-2 text-sm text-slate-700">
          سطح احراز هویت شما: <LevelBadge level={status.level} />
        </p>
        <Link to="/dashboard/identity" className="text-sm font-semibold text-teal-800 underline">
          {status.next_level ? IDENTITY_TEXTS.limitLink : 'جزئیات سقف‌ها'}
        </Link>
      </div>
      <LimitsSummary status={status} />
    </section>
  )
}
