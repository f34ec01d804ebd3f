import fc from 'fast-check'
import {
  corpusString,
  hostileString,
  inScript,
  longString,
  numericText,
  percentEncode,
  spoiledText,
} from '@arzpol/test-corpus/hostile'
import type { Page } from '@playwright/test'

/**
 * Generated hostile form posts (ADR 018), derived from each form's own shape as the
 * page renders it: field names, input types, select options, required, maxlength, pattern,
 * min/max and the hidden values (intents, ids). A plan is plain data (what to send, as whom,
 * how encoded), so a seed replays it.
 */

export type FieldKind =
  | 'text'
  | 'textarea'
  | 'password'
  | 'number'
  | 'tel'
  | 'email'
  | 'url'
  | 'date'
  | 'file'
  | 'hidden'
  | 'select'
  | 'checkbox'
  | 'radio'

export interface FieldShape {
  name: string
  kind: FieldKind
  /** The hidden value, the select's options, the radio group's or checkbox's values. */
  values: string[]
  required: boolean
  maxLength: number | undefined
  minLength: number | undefined
  pattern: string | undefined
  min: number | undefined
  max: number | undefined
  /** What the page filled in (the current fee, the text a refused post sent back). */
  prefilled: string | undefined
}

export type Owner = 'visitor' | 'customer' | 'staff'

export interface FormShape {
  /** Where it was found. */
  page: string
  /** Path and query it posts to. */
  action: string
  multipart: boolean
  fields: FieldShape[]
  /** The submit buttons' `name=value` (intents); empty when the buttons carry none. */
  submits: Array<{ name: string; value: string }>
  owner: Owner
  /** The page's HTML as first served: a posted value already in it proves no echo. */
  pageHtml: string
}

/** Every POST form of the page at `url`, with the shape of each field. */
export async function formsOn(page: Page, url: string, owner: Owner): Promise<FormShape[]> {
  await page.goto(url)
  const found = await page.$$eval('form', (forms) =>
    forms
      .filter((form) => (form.getAttribute('method') ?? 'get').toLowerCase() === 'post')
      .map((form) => {
        const number = (text: string | null) =>
          text === null || text === '' || Number.isNaN(Number(text)) ? undefined : Number(text)
        const fields = new Map<string, FieldShape>()
        for (const element of Array.from(form.querySelectorAll('input, select, textarea'))) {
          const input = element as HTMLInputElement
          if (!input.name || ['submit', 'button', 'reset', 'image'].includes(input.type)) continue
          const tag = element.tagName.toLowerCase()
          // A text input's inputmode says what it takes (the amount is `decimal`, a site `url`).
          const byMode: Record<string, string> = {
            decimal: 'number',
            numeric: 'number',
            url: 'url',
            tel: 'tel',
            email: 'email',
          }
          const typed = input.type || 'text'
          const kind = (
            tag === 'select'
              ? 'select'
              : tag === 'textarea'
                ? 'textarea'
                : typed === 'text'
                  ? (byMode[input.inputMode] ?? 'text')
                  : typed
          ) as FieldKind
          const values =
            tag === 'select'
              ? Array.from((element as HTMLSelectElement).options).map((option) => option.value)
              : kind === 'radio' || kind === 'checkbox' || kind === 'hidden'
                ? [input.value]
                : []
          const known = fields.get(input.name)
          if (known) {
            known.values.push(...values)
            continue
          }
          fields.set(input.name, {
            name: input.name,
            kind: (
              [
                'text',
                'textarea',
                'password',
                'number',
                'tel',
                'email',
                'url',
                'date',
                'file',
                'hidden',
                'select',
                'checkbox',
                'radio',
              ] as string[]
            ).includes(kind)
              ? kind
              : 'text',
            values,
            required: input.required,
            maxLength: input.maxLength > 0 ? input.maxLength : undefined,
            minLength: input.minLength > 0 ? input.minLength : undefined,
            pattern: input.getAttribute('pattern') ?? undefined,
            min: number(input.getAttribute('min')),
            max: number(input.getAttribute('max')),
            prefilled:
              tag !== 'select' && !['radio', 'checkbox', 'hidden', 'file'].includes(typed)
                ? input.value || undefined
                : undefined,
          })
        }
        const submits = Array.from(
          form.querySelectorAll('button[type="submit"], button:not([type]), input[type="submit"]'),
        )
          .map((button) => ({
            name: (button as HTMLButtonElement).name,
            value: (button as HTMLButtonElement).value,
          }))
          .filter((button) => button.name)
        return {
          action: form.action,
          multipart: form.enctype === 'multipart/form-data',
          fields: [...fields.values()],
          submits,
        }
      }),
  )
  const pageHtml = await page.content()
  return found.map((form) => {
    const target = new URL(form.action)
    return { ...form, page: url, action: target.pathname + target.search, owner, pageHtml }
  })
}

// --- plans ----------------------------------------------------------------------------------------

export type Identity = 'anonymous' | 'customer' | 'other' | 'staff'

export type Encoding =
  | 'form'
  | 'multipart'
  | 'json'
  | 'text-plain'
  | 'none'
  | 'truncated-multipart'
  | 'multipart-no-boundary'
  | 'invalid-utf8'

export interface FilePart {
  name: string
  kind: 'png' | 'pdf' | 'exe' | 'empty' | 'text' | 'big'
  type: string
}

export interface PostPlan {
  attack: string
  identity: Identity
  /** Fields in order; a name may repeat (a duplicated field). */
  entries: Array<[string, string]>
  files: Array<[string, FilePart]>
  encoding: Encoding
  /** Where a truncated body is cut, as a share of its length. */
  cut: number
}

/** Values the fuzz may swap into hidden fields: ids of objects that exist (others' too). */
export interface KnownValues {
  ids: string[]
}

const PERSIAN_WORDS = ['سلام', 'پرداخت', 'سفارش', 'آزمون', 'تیکت', 'ارز', 'درآمد', 'ثبت']

const plainText = (minLength: number, maxLength: number) =>
  fc
    .oneof(
      fc
        .array(fc.constantFrom(...PERSIAN_WORDS), { minLength: 1, maxLength: 4 })
        .map((w) => w.join(' ')),
      fc.string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 20 }),
    )
    .map((text) => text.padEnd(minLength, 'ا').slice(0, Math.max(minLength, maxLength)))

/** A value of the field's own shape, as a browser would send it. */
export function validValue(field: FieldShape): fc.Arbitrary<string> {
  const generated = shapedValue(field)
  if (!field.prefilled) return generated
  // What the page filled in is valid by construction: kept, or (a number) moved a little.
  const prefilled = field.prefilled
  const moved =
    field.kind === 'number' && /^\d+$/.test(prefilled)
      ? fc
          .integer({ min: -5, max: 5 })
          .map((percent) =>
            String(Math.max(0, Math.round((Number(prefilled) * (100 + percent)) / 100))),
          )
      : fc.constant(prefilled)
  return fc.oneof({ weight: 3, arbitrary: moved }, { weight: 1, arbitrary: generated })
}

/** A national code of ten digits whose last is the check digit (docs/product/domain.md). */
const nationalCode = fc.stringMatching(/^[1-9][0-9]{8}$/).map((nine) => {
  const remainder = [...nine].reduce((sum, digit, i) => sum + Number(digit) * (10 - i), 0) % 11
  return `${nine}${remainder < 2 ? remainder : 11 - remainder}`
})

/**
 * Fields whose valid values no shape describes (the page says only "numeric"): the identity
 * forms' (ADR 022), so their posts get past validation as often as the others'. The sandbox
 * identity provider matches every valid national code and card (its README).
 */
const VALUES_BY_NAME = new Map<string, fc.Arbitrary<string>>(
  Object.entries({
    national_code: fc.oneof(
      nationalCode,
      nationalCode.map((code) => inScript(code, 'persian')),
    ),
    birth_date: fc
      .tuple(
        fc.integer({ min: 1310, max: 1384 }),
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 1, max: 29 }),
        fc.constantFrom('latin' as const, 'persian' as const),
      )
      .map(([year, month, day, script]) =>
        inScript(
          `${year}/${String(month).padStart(2, '0')}/${String(day).padStart(2, '0')}`,
          script,
        ),
      ),
    // The sandbox bank's paying card (the customer's own), its failing one, and as typed in groups.
    card_number: fc.constantFrom('6219861000000009', '6219862000000007', '6219 8610 0000 0009'),
  }),
)

function shapedValue(field: FieldShape): fc.Arbitrary<string> {
  const byName = field.kind === 'hidden' ? undefined : VALUES_BY_NAME.get(field.name)
  if (byName) return byName
  const choices = field.values.filter((value) => value !== '')
  switch (field.kind) {
    case 'hidden':
      return fc.constant(field.values[0] ?? '')
    case 'select':
    case 'radio':
    case 'checkbox':
      return choices.length > 0 ? fc.constantFrom(...choices) : fc.constant('on')
    case 'number': {
      const min = Math.ceil(field.min ?? 1)
      // Without a max, small amounts: most limits (order amounts, fees) are in the hundreds.
      const max = Math.floor(field.max ?? Math.max(min, 500))
      return fc
        .tuple(
          fc.integer({ min, max: Math.max(min, Math.min(max, Number.MAX_SAFE_INTEGER)) }),
          fc.constantFrom('latin' as const, 'latin' as const, 'persian' as const),
        )
        .map(([value, script]) => inScript(String(value), script))
    }
    case 'tel':
      return fc.stringMatching(/^09[0-9]{9}$/)
    case 'email':
      return fc.emailAddress()
    case 'url':
      return fc.oneof(
        fc.constantFrom('https://www.upwork.com', 'https://example.com/pay?id=1'),
        fc.webUrl(),
      )
    case 'date':
      return fc
        .date({ min: new Date('2025-01-01'), max: new Date('2030-12-31'), noInvalidDate: true })
        .map((date) => date.toISOString().slice(0, 10))
    case 'password':
      return fc.stringMatching(/^[A-Za-z0-9]{10,16}$/).map((text) => `Pw-${text}`)
    case 'file':
      return fc.constant('')
    default: {
      const minLength = field.minLength ?? 1
      const maxLength = Math.min(field.maxLength ?? 40, 40)
      if (field.pattern) {
        try {
          const pattern = new RegExp(`^(?:${field.pattern})$`, 'v')
          return fc
            .stringMatching(pattern)
            .filter((text) => text.length >= minLength && text.length <= (field.maxLength ?? 1e9))
        } catch {
          // A pattern JavaScript cannot compile is the browser's problem: plain text then.
        }
      }
      return plainText(minLength, maxLength)
    }
  }
}

/** A hostile value for a field: hostile text, a spoiled valid value, numbers, over the limit. */
export function hostileValue(field: FieldShape, known: KnownValues): fc.Arbitrary<string> {
  const options: Array<{ weight: number; arbitrary: fc.Arbitrary<string> }> = [
    { weight: 4, arbitrary: hostileString },
    { weight: 3, arbitrary: spoiledText(validValue(field)) },
    { weight: 2, arbitrary: numericText },
    { weight: 1, arbitrary: fc.constantFrom('', ' ', '\u200c') },
    { weight: 1, arbitrary: fc.constant('ن'.repeat((field.maxLength ?? 255) + 1)) },
  ]
  if (field.kind === 'hidden' || field.kind === 'select' || field.kind === 'radio') {
    // Another object's id, or one that does not exist.
    options.push({
      weight: 3,
      arbitrary: fc.constantFrom(...known.ids, '0', '-1', '1.5', '9'.repeat(25), 'null'),
    })
  }
  return fc.oneof(...options)
}

const fileParts: fc.Arbitrary<FilePart> = fc.record({
  name: fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom('receipt.png', 'رسید.pdf', 'scan.jpg') },
    { weight: 2, arbitrary: hostileString.filter((name) => name.length < 300) },
  ),
  kind: fc.constantFrom<FilePart['kind']>(
    'png',
    'pdf',
    'png',
    'pdf',
    'exe',
    'empty',
    'text',
    'big',
  ),
  type: fc.constantFrom('image/png', 'application/pdf', 'application/octet-stream', 'text/html'),
})

const IDENTITIES: Record<Owner, Array<[Identity, number]>> = {
  // A signed-in customer posting the sign-in forms could lose the session the other lanes use.
  visitor: [['anonymous', 1]],
  customer: [
    ['customer', 6],
    ['other', 3],
    ['anonymous', 1],
  ],
  staff: [
    ['staff', 7],
    ['customer', 2],
    ['anonymous', 1],
  ],
}

const TRANSPORTS: Encoding[] = [
  'form',
  'multipart',
  'json',
  'text-plain',
  'none',
  'truncated-multipart',
  'multipart-no-boundary',
  'invalid-utf8',
]

/** Keys a form should ignore: prototype pollution, privileges, owners. */
const EXTRA_KEYS = [
  '__proto__',
  'constructor',
  'role',
  'is_staff',
  'user_id',
  'id',
  'status',
  '_data',
]

const ABSENT = '\u0000absent'

/**
 * Every post the fuzz can send to one form. Most plans stay close to valid (the right caller,
 * one hostile value) so that they get past web's validation into the action's work.
 */
export function planFor(form: FormShape, known: KnownValues): fc.Arbitrary<PostPlan> {
  const fields = form.fields.filter((field) => field.kind !== 'file')
  const fileFields = form.fields.filter((field) => field.kind === 'file')
  const passwords = new Set(
    fields.filter((field) => field.kind === 'password').map((field) => field.name),
  )
  const submit = form.submits.length > 0 ? fc.constantFrom(...form.submits) : fc.constant(undefined)
  const who = fc.oneof(
    ...IDENTITIES[form.owner].map(([identity, weight]) => ({
      weight,
      arbitrary: fc.constant(identity),
    })),
  )
  const base = fc.record({
    identity: who,
    submit,
    values: fc.tuple(
      ...fields.map((field) =>
        field.kind === 'checkbox' || (!field.required && field.kind !== 'hidden')
          ? fc.oneof({ weight: 4, arbitrary: validValue(field) }, fc.constant(ABSENT))
          : validValue(field),
      ),
    ),
    files: fc.tuple(...fileFields.map(() => fileParts)),
    cut: fc.double({ min: 0.05, max: 0.95, noNaN: true }),
  })

  type Change = {
    attack: string
    apply: (entries: Array<[string, string]>) => Array<[string, string]>
    encoding?: Encoding
  }
  const set = (name: string, value: string) => (entries: Array<[string, string]>) =>
    entries.some(([key]) => key === name)
      ? entries.map(([key, old]): [string, string] => [key, key === name ? value : old])
      : [...entries, [name, value] as [string, string]]
  const modes: Array<{ weight: number; arbitrary: fc.Arbitrary<Change> }> = [
    { weight: 5, arbitrary: fc.constant({ attack: 'valid', apply: (e) => e }) },
  ]
  const named = [...fields, ...form.submits.map((s) => ({ ...s, kind: 'hidden' as const }))]
  if (fields.length > 0) {
    const pick = fc.constantFrom(...fields)
    modes.push(
      {
        weight: 8,
        arbitrary: pick.chain((field) =>
          hostileValue(field, known).map((value) => ({
            attack: `hostile ${field.name}`,
            apply: set(field.name, value),
          })),
        ),
      },
      {
        weight: 2,
        arbitrary: fc.tuple(...fields.map((field) => hostileValue(field, known))).map((values) => ({
          attack: 'every field hostile',
          apply: (entries) =>
            values.reduce((all, value, i) => set(fields[i]?.name ?? '', value)(all), entries),
        })),
      },
      {
        weight: 1,
        arbitrary: fc.tuple(pick, corpusString).map(([field, value]) => ({
          attack: `naughty string in ${field.name}`,
          apply: set(field.name, value),
        })),
      },
      {
        weight: 2,
        arbitrary: pick.map((field) => ({
          attack: `missing ${field.name}`,
          apply: (entries) => entries.filter(([key]) => key !== field.name),
        })),
      },
      {
        weight: 2,
        arbitrary: fc.tuple(pick, fc.boolean()).chain(([field, hostileFirst]) =>
          hostileValue(field, known).map((value) => ({
            attack: `duplicate ${field.name}`,
            apply: (entries) =>
              hostileFirst
                ? [[field.name, value] as [string, string], ...entries]
                : [...entries, [field.name, value] as [string, string]],
          })),
        ),
      },
      {
        weight: 1,
        arbitrary: pick.chain((field) =>
          longString.map((value) => ({
            attack: `very long ${field.name}`,
            apply: set(field.name, value),
          })),
        ),
      },
    )
  }
  if (named.some((field) => field.kind === 'hidden')) {
    const hidden = named.filter((field) => field.kind === 'hidden')
    modes.push({
      weight: 2,
      arbitrary: fc
        .tuple(
          fc.constantFrom(...hidden),
          fc.oneof(hostileString, fc.constantFrom(...known.ids, '')),
        )
        .map(([field, value]) => ({
          attack: `tampered ${field.name}`,
          apply: set(field.name, value),
        })),
    })
  }
  modes.push(
    {
      weight: 1,
      arbitrary: fc.tuple(fc.constantFrom(...EXTRA_KEYS), hostileString).map(([key, value]) => ({
        attack: `extra ${key}`,
        apply: (e) => [...e, [key, value] as [string, string]],
      })),
    },
    {
      weight: 1,
      arbitrary: fc.constantFrom(...[2_000, 20_000]).map((count) => ({
        attack: `${count} extra fields`,
        apply: (e) => [
          ...e,
          ...Array.from({ length: count }, (_, i): [string, string] => [`f${i}`, 'x']),
        ],
      })),
    },
    {
      weight: 3,
      arbitrary: fc.constantFrom(...TRANSPORTS).map((encoding) => ({
        attack: `transport ${encoding}`,
        apply: (e) => e,
        encoding,
      })),
    },
  )

  return fc.tuple(base, fc.oneof(...modes)).map(([b, change]): PostPlan => {
    let entries: Array<[string, string]> = []
    fields.forEach((field, i) => {
      const value = b.values[i]
      if (value !== undefined && value !== ABSENT) entries.push([field.name, value])
    })
    if (b.submit) entries.push([b.submit.name, b.submit.value])
    // A password and its repetition match, as a person types them.
    const password = entries.find(([name]) => passwords.has(name))?.[1]
    if (password !== undefined)
      entries = entries.map(([name, value]) => [name, passwords.has(name) ? password : value])
    entries = change.apply(entries)
    return {
      attack: change.attack,
      identity: b.identity,
      entries,
      files: fileFields.map((field, i): [string, FilePart] => [field.name, b.files[i] as FilePart]),
      encoding: change.encoding ?? (form.multipart ? 'multipart' : 'form'),
      cut: b.cut,
    }
  })
}

// --- the wire -------------------------------------------------------------------------------------

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
)

function fileBytes(kind: FilePart['kind']): Buffer {
  switch (kind) {
    case 'png':
      return PNG
    case 'pdf':
      return Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n')
    case 'exe':
      return Buffer.concat([Buffer.from('MZ'), Buffer.alloc(64)])
    case 'empty':
      return Buffer.alloc(0)
    case 'text':
      return Buffer.from('<script>alert(1)</script>')
    case 'big':
      // Over any upload limit web or payments-service sets (a few MB).
      return Buffer.concat([PNG, Buffer.alloc(12 * 1024 * 1024)])
  }
}

const BOUNDARY = '----arzpolFuzzBoundary7MA4YWxk'

const headerSafe = (text: string) => text.replace(/["\r\n]/g, (c) => encodeURIComponent(c))

function multipart(plan: PostPlan): Buffer {
  const parts: Buffer[] = []
  for (const [name, value] of plan.entries) {
    parts.push(
      Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${headerSafe(name)}"\r\n\r\n${value}\r\n`,
      ),
    )
  }
  for (const [name, file] of plan.files) {
    parts.push(
      Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${headerSafe(name)}"; ` +
          `filename="${headerSafe(file.name)}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      fileBytes(file.kind),
      Buffer.from('\r\n'),
    )
  }
  parts.push(Buffer.from(`--${BOUNDARY}--\r\n`))
  return Buffer.concat(parts)
}

const urlencoded = (plan: PostPlan) =>
  plan.entries.map(([name, value]) => `${percentEncode(name)}=${percentEncode(value)}`).join('&')

/** The body and content type of a plan, byte for byte as a hostile client sends them. */
export function wire(plan: PostPlan): {
  body: Buffer | undefined
  contentType: string | undefined
} {
  switch (plan.encoding) {
    case 'form':
      return {
        body: Buffer.from(urlencoded(plan)),
        contentType: 'application/x-www-form-urlencoded',
      }
    case 'multipart':
      return { body: multipart(plan), contentType: `multipart/form-data; boundary=${BOUNDARY}` }
    case 'json':
      return {
        body: Buffer.from(JSON.stringify(Object.fromEntries(plan.entries))),
        contentType: 'application/json',
      }
    case 'text-plain':
      return {
        body: Buffer.from(plan.entries.map(([k, v]) => `${k}=${v}`).join('\r\n')),
        contentType: 'text/plain',
      }
    case 'none':
      return { body: undefined, contentType: undefined }
    case 'truncated-multipart': {
      const body = multipart(plan)
      return {
        body: body.subarray(0, Math.floor(body.length * plan.cut)),
        contentType: `multipart/form-data; boundary=${BOUNDARY}`,
      }
    }
    case 'multipart-no-boundary':
      return { body: multipart(plan), contentType: 'multipart/form-data' }
    case 'invalid-utf8':
      return {
        body: Buffer.concat([Buffer.from(urlencoded(plan)), Buffer.from('&x=\xff\xfe%', 'latin1')]),
        contentType: 'application/x-www-form-urlencoded; charset=utf-8',
      }
  }
}

/** A plan in a failure message: short enough to read, complete enough to recognise. */
export function describePlan(plan: PostPlan): string {
  const short = (text: string) =>
    JSON.stringify(text.length > 60 ? `${text.slice(0, 60)}…(${text.length})` : text)
  const entries = plan.entries.slice(0, 12).map(([k, v]) => `${k}=${short(v)}`)
  if (plan.entries.length > 12) entries.push(`…${plan.entries.length - 12} more`)
  return `${plan.attack} as ${plan.identity}, ${plan.encoding}: ${entries.join(' ')}${
    plan.files.length
      ? ` files=${plan.files.map(([n, f]) => `${n}:${f.kind}:${short(f.name)}`).join(',')}`
      : ''
  }`
}
