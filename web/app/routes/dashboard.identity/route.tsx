import { CardBody } from '@arzpol/contracts/identity/cards'
import { Level1Body } from '@arzpol/contracts/identity/customer'
import { IDENTITY_DOCUMENT_KINDS } from '@arzpol/contracts/identity/document-kinds'
import type {
  ActionFunctionArgs,
  HeadersFunction,
  LinksFunction,
  LoaderFunctionArgs,
  MetaFunction,
} from '@remix-run/node'
import { data, redirect } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import type { ReactNode } from 'react'
import { Alert } from '~/components/ui/alert.tsx'
import { requireUser } from '~/features/auth/auth.server.ts'
import { flashCookie } from '~/features/auth/session.server.ts'
import { bankLogoLinks } from '~/features/identity/bank-logo.tsx'
import { CardsSection } from '~/features/identity/cards-section.tsx'
import { IdentityDataList } from '~/features/identity/identity-data.tsx'
import {
  LEVEL1_FIELDS,
  Level1Form,
  LevelBadge,
  LimitsSummary,
  NextLevelPanel,
  StepsProgress,
} from '~/features/identity/identity-components.tsx'
import { identitySteps } from '~/features/identity/identity-steps.ts'
import {
  addCard,
  getIdentity,
  identityFailure,
  listCards,
  removeCard,
  verifyLevel1,
} from '~/features/identity/identity.server.ts'
import { IDENTITY_TEXTS } from '~/features/identity/identity-texts.ts'
import { Level2Section } from '~/features/identity/level2-section.tsx'
import { readLevel2Form, submitLevel2Document } from '~/features/identity/level2.server.ts'
import type { IdentityStatus } from '~/features/identity/identity-schemas.ts'
import {
  allMessages,
  errorsFromZod,
  formDataToObject,
  type FormErrors,
} from '~/utils/form-errors.ts'
import { getLogger } from '~/utils/logger.server.ts'
import { privatePageMeta } from '~/utils/private-page-meta.ts'

/**
 * The customer's profile and verification (ADR 022, 024, 025): the level and its limits, what the
 * next level unlocks, the steps with their progress (level-1 form, bank cards, level-2 photos and
 * their review). Every form is a plain post to this action, so all of it works without JavaScript;
 * with it, the photo uploads show their progress.
 */

export async function loader({ request }: LoaderFunctionArgs) {
  const { tokens, headers } = await requireUser(request)
  const status = await getIdentity(request, tokens.access)
  if (!status.ok) {
    getLogger().warn({ status: status.status }, 'identity status could not be read')
    return data({ status: null, cards: null }, { headers })
  }
  const cards = status.data.level >= 1 ? await listCards(request, tokens.access) : null
  if (cards && !cards.ok) getLogger().warn({ status: cards.status }, 'cards could not be read')
  return data(
    { status: status.data, cards: cards === null ? [] : cards.ok ? cards.data : null },
    { headers },
  )
}

export const headers: HeadersFunction = () => ({ 'Cache-Control': 'private, no-store' })

type Intent = 'level1' | 'add-card' | 'remove-card' | 'upload-document'

export interface IdentityActionData {
  intent: Intent | 'unknown'
  errors: FormErrors
  values?: Record<string, string>
  kind?: string
}

function done(message: string, headers: Headers): never {
  headers.append('Set-Cookie', flashCookie.serialize({ message }))
  throw redirect('/dashboard/identity', { headers })
}

const refused = (status: number) => (status >= 400 && status < 500 ? status : 502)

export async function action({ request }: ActionFunctionArgs) {
  const { tokens, headers } = await requireUser(request)
  const submitted = await readLevel2Form(request)
  const values = formDataToObject(submitted.form)
  const intent = (submitted.tooLarge ? 'upload-document' : values.intent) as Intent
  const fail = (status: number, body: Omit<IdentityActionData, 'intent'>) =>
    data<IdentityActionData>({ intent, ...body }, { status, headers })

  switch (intent) {
    case 'level1': {
      const entered = Object.fromEntries(LEVEL1_FIELDS.map((f) => [f, values[f] ?? '']))
      const parsed = Level1Body.safeParse(entered)
      if (!parsed.success)
        return fail(400, { errors: errorsFromZod(parsed.error), values: entered })
      const result = await verifyLevel1(request, tokens.access, parsed.data)
      if (result.ok) done(IDENTITY_TEXTS.level1Done, headers)
      const errors = identityFailure(result, IDENTITY_TEXTS.level1Failed, LEVEL1_FIELDS)
      return fail(refused(result.status), { errors, values: entered })
    }
    case 'add-card': {
      const entered = { card_number: values.card_number ?? '' }
      const parsed = CardBody.safeParse(entered)
      if (!parsed.success)
        return fail(400, { errors: errorsFromZod(parsed.error), values: entered })
      const result = await addCard(request, tokens.access, parsed.data.card_number)
      if (result.ok) done(IDENTITY_TEXTS.cardAdded, headers)
      const errors = identityFailure(result, IDENTITY_TEXTS.cardFailed, ['card_number'])
      return fail(refused(result.status), { errors, values: entered })
    }
    case 'remove-card': {
      const id = /^\d{1,15}$/.test(values.card_id ?? '') ? Number(values.card_id) : null
      const result = id === null ? null : await removeCard(request, tokens.access, id)
      if (result?.ok) done(IDENTITY_TEXTS.cardRemoved, headers)
      const errors = result
        ? identityFailure(result, IDENTITY_TEXTS.cardRemoveFailed)
        : { form: [IDENTITY_TEXTS.cardRemoveFailed], fields: {} }
      return fail(result ? refused(result.status) : 400, { errors })
    }
    case 'upload-document': {
      const result = await submitLevel2Document(request, tokens.access, submitted)
      if (result.ok) done(IDENTITY_TEXTS.documentUploaded, headers)
      return fail(result.status, { errors: result.errors, kind: values.kind ?? '' })
    }
    default:
      return data<IdentityActionData>(
        { intent: 'unknown', errors: { form: [IDENTITY_TEXTS.unknownForm], fields: {} } },
        { status: 400, headers },
      )
  }
}

/** Whether the page shows the form an action's errors belong to (else they go on top). */
function formShown(result: IdentityActionData, status: IdentityStatus): boolean {
  switch (result.intent) {
    case 'level1':
      return status.identity === null
    case 'add-card':
    case 'remove-card':
      return status.level >= 1
    case 'upload-document':
      return (
        status.level >= 1 &&
        status.level2.can_upload &&
        (IDENTITY_DOCUMENT_KINDS as readonly string[]).includes(result.kind ?? '')
      )
    default:
      return false
  }
}

function Section(props: { title: string; testId?: string; children: ReactNode }) {
  return (
    <section
      data-testid={props.testId}
      className="flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-5 sm:p-6"
    >
      <h2 className="text-lg font-bold text-slate-900">{props.title}</h2>
      {props.children}
    </section>
  )
}

export default function IdentityPage() {
  const { status, cards } = useLoaderData<typeof loader>()
  const result = useActionData<typeof action>()
  const errorsOf = (intent: Intent) => (result?.intent === intent ? result.errors : undefined)
  if (!status) {
    return (
      <div className="flex flex-col gap-5">
        <h1 className="text-2xl font-extrabold text-slate-900">احراز هویت و سقف‌ها</h1>
        <Alert tone="error">{IDENTITY_TEXTS.statusUnavailable}</Alert>
      </div>
    )
  }
  const unplaced = result && !formShown(result, status) ? allMessages(result.errors) : []
  return (
    <div className="flex flex-col gap-5">
      <header className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-extrabold text-slate-900">احراز هویت و سقف‌ها</h1>
        <LevelBadge level={status.level} />
      </header>
      {unplaced.length ? <Alert tone="error">{unplaced.join(' ')}</Alert> : null}

      <Section title="سقف‌های فعلی شما" testId="identity-current">
        <LimitsSummary status={status} />
        <NextLevelPanel status={status} />
      </Section>

      <Section title="گام‌های احراز هویت">
        <StepsProgress steps={identitySteps(status, cards?.length ?? 0)} />
      </Section>

      <Section title="۱. اطلاعات هویتی (سطح ۱)" testId="identity-level1">
        {status.identity ? (
          <IdentityDataList identity={status.identity} />
        ) : (
          <Level1Form
            errors={errorsOf('level1')}
            values={result?.intent === 'level1' ? result.values : undefined}
          />
        )}
      </Section>

      <Section title="۲. کارت‌های بانکی شما" testId="identity-cards-section">
        {status.level >= 1 ? (
          <CardsSection
            cards={cards}
            canAdd
            addErrors={errorsOf('add-card')}
            removeErrors={errorsOf('remove-card')?.form ?? []}
            values={result?.intent === 'add-card' ? result.values : undefined}
          />
        ) : (
          <p className="text-sm text-slate-600">
            پس از تأیید اطلاعات هویتی می‌توانید کارت ثبت کنید.
          </p>
        )}
      </Section>

      <Section title="۳. مدارک و بررسی (سطح ۲)" testId="identity-level2">
        {status.level >= 1 ? (
          <Level2Section
            level2={status.level2}
            errors={errorsOf('upload-document')}
            errorKind={result?.intent === 'upload-document' ? result.kind : undefined}
          />
        ) : (
          <p className="text-sm text-slate-600">
            پس از تأیید اطلاعات هویتی می‌توانید مدارک را بفرستید.
          </p>
        )}
      </Section>
    </div>
  )
}

export const meta: MetaFunction = () => privatePageMeta('احراز هویت | ارزپل')

// The bank logos' sprites, for the cards list; only pages that show cards load them.
export const links: LinksFunction = () => bankLogoLinks()

export { GeneralErrorBoundary as ErrorBoundary } from '~/components/error-boundary.tsx'
