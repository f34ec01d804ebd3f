import { readFileSync } from 'node:fs'
import path from 'node:path'
import { expect, test, type APIRequestContext, type Page } from '@playwright/test'
import { registerNewCustomer, uniquePhone } from '../support/auth.ts'
import { signInAsStaff } from '../support/staff.ts'

/**
 * Issue #9 "bad input everywhere", web side: every POST form the pages render (found by visiting
 * them as a visitor, a customer and an admin, so a form added tomorrow is covered), posted to
 * the real web server of the end-to-end stack — real payments-service, real database — with
 * each string of the naughty list in each field, as a browser without JavaScript would post it
 * (documents, not `_data`, so the pages that render the refused values are exercised too).
 * Nothing may answer 5xx.
 */

const CORPUS =
  process.env.FUZZ_CORPUS ??
  path.resolve(import.meta.dirname, '../../packages/test-corpus/naughty-strings/blns.json')
const STRINGS = JSON.parse(readFileSync(CORPUS, 'utf8')) as string[]
const CONCURRENCY = 8

interface FormField {
  name: string
  type: string
  value: string
}

interface FoundForm {
  page: string
  action: string
  multipart: boolean
  fields: FormField[]
  /** The submit buttons' `name=value` (intent), or one empty entry. */
  submits: Array<{ name: string; value: string }>
}

/** Forms that end the session they are posted with: posted once, last, not fuzzed. */
const SESSION_ENDING = ['/logout']

async function formsOn(page: Page, url: string): Promise<FoundForm[]> {
  await page.goto(url)
  const forms = await page.$$eval('form', (elements) =>
    elements
      .filter((form) => (form.getAttribute('method') ?? 'get').toLowerCase() === 'post')
      .map((form) => ({
        action: form.action,
        multipart: form.enctype === 'multipart/form-data',
        fields: Array.from(form.querySelectorAll('input, select, textarea'))
          .map((element) => {
            const input = element as HTMLInputElement
            return { name: input.name, type: input.type ?? element.tagName, value: input.value }
          })
          .filter((field) => field.name && !['submit', 'button'].includes(field.type)),
        submits: Array.from(form.querySelectorAll('button[type="submit"], button:not([type])'))
          .map((button) => ({
            name: (button as HTMLButtonElement).name,
            value: (button as HTMLButtonElement).value,
          }))
          .filter((button) => button.name),
      })),
  )
  return forms.map((form) => ({
    ...form,
    page: url,
    action: new URL(form.action).pathname + new URL(form.action).search,
    submits: form.submits.length > 0 ? form.submits : [{ name: '', value: '' }],
  }))
}

interface Outcome {
  form: string
  status: number
  sample: string
}

async function fuzzForm(
  request: APIRequestContext,
  origin: string,
  form: FoundForm,
  bad: Outcome[],
  counts: Map<number, number>,
) {
  const targets = form.fields.filter((field) => field.type !== 'file')
  const hasFile = form.fields.some((field) => field.type === 'file')
  const jobs = STRINGS.map((_, i) => i)
  let next = 0
  const worker = async () => {
    while (next < jobs.length) {
      const i = jobs[next] as number
      next += 1
      // Each string once in each field (field j gets string i + 17·j); the submit buttons
      // (intents) take turns, so every branch of the action sees naughty values.
      const submit = form.submits[i % form.submits.length] ?? { name: '', value: '' }
      const values: Record<string, string> = {}
      targets.forEach((field, j) => {
        values[field.name] = STRINGS[(i + 17 * j) % STRINGS.length] ?? ''
      })
      if (submit.name) values[submit.name] = submit.value
      const fileName = STRINGS[(i + 7) % STRINGS.length] || 'file'
      const response = form.multipart
        ? await request.post(form.action, {
            multipart: {
              ...values,
              ...(hasFile && {
                file: { name: fileName, mimeType: 'image/png', buffer: Buffer.from(fileName) },
              }),
            },
            headers: { Origin: origin },
            maxRedirects: 0,
            failOnStatusCode: false,
          })
        : await request.post(form.action, {
            form: values,
            headers: { Origin: origin },
            maxRedirects: 0,
            failOnStatusCode: false,
          })
      counts.set(response.status(), (counts.get(response.status()) ?? 0) + 1)
      if (response.status() >= 500) {
        bad.push({
          form: `${form.action} [${submit.value}] (from ${form.page})`,
          status: response.status(),
          sample: JSON.stringify(values).slice(0, 200),
        })
      }
      await response.dispose()
    }
  }
  await Promise.all(Array.from({ length: CONCURRENCY }, worker))

  // Bodies no browser form sends: another content type, and a multipart body whose file name
  // breaks its header line.
  const boundary = 'fuzzBoundary'
  const broken = [
    { type: 'text/plain', body: 'intent=submit&amount=50' },
    { type: 'application/json', body: '{"intent": "submit"' },
    {
      type: `multipart/form-data; boundary=${boundary}`,
      body:
        `--${boundary}\r\nContent-Disposition: form-data; name="intent"\r\n\r\n` +
        `${form.submits[0]?.value ?? ''}\r\n--${boundary}\r\n` +
        `Content-Disposition: form-data; name="file"; filename="a\r\nb.png"\r\n\r\nx\r\n--${boundary}--\r\n`,
    },
    { type: `multipart/form-data; boundary=${boundary}`, body: `--${boundary}\r\ncut here` },
  ]
  for (const { type, body } of broken) {
    const response = await request.post(form.action, {
      data: body,
      headers: { Origin: origin, 'Content-Type': type },
      maxRedirects: 0,
      failOnStatusCode: false,
    })
    counts.set(response.status(), (counts.get(response.status()) ?? 0) + 1)
    if (response.status() >= 500) {
      bad.push({ form: `${form.action} (${type})`, status: response.status(), sample: body })
    }
    await response.dispose()
  }
}

test('every form action takes naughty strings in every field without a 5xx', async ({
  page,
  browser,
}) => {
  // ~7,000 server-rendered posts: 9 minutes measured on a 2-core machine under a load of ~15.
  test.setTimeout(1_200_000)
  const started = Date.now()
  const origin = new URL(String(test.info().project.use.baseURL)).origin

  // A customer with a cash-out order and a ticket, so their pages have every form.
  await registerNewCustomer(page, uniquePhone(), 'fuzz-forms-1404')
  await page.goto('/dashboard/new-request')
  await page.getByRole('radio', { name: 'نقد کردن درآمد ارزی' }).check()
  await page.getByLabel('آدرس سایت').fill('https://www.upwork.com')
  await page.getByLabel('شماره شبا برای واریز ریالی').fill('IR820540102680020817909002')
  await page.getByLabel('مبلغ ارزی').fill('120')
  await page.getByRole('button', { name: 'ثبت و پرداخت' }).click()
  await expect(page).toHaveURL(/\/dashboard\/orders$/)
  await page.getByTestId('order-card').first().getByRole('link').click()
  await expect(page).toHaveURL(/\/dashboard\/orders\/\d+$/)
  const orderPath = new URL(page.url()).pathname
  const orderId = orderPath.split('/').pop() ?? ''
  await page.goto('/dashboard/tickets')
  await page.getByText('تیکت جدید', { exact: true }).click()
  await page.getByLabel('عنوان', { exact: true }).fill('آزمون فرم‌ها')
  await page.getByLabel('دسته‌بندی').selectOption({ label: 'پرداخت' })
  await page.getByLabel('پیام اولیه').fill('سلام')
  await page.getByRole('button', { name: 'ثبت تیکت' }).click()
  await expect(page).toHaveURL(/\/dashboard\/tickets\/\d+$/)
  const ticketId = new URL(page.url()).pathname.split('/').pop() ?? ''

  const staff = await signInAsStaff(browser, 'admin')
  const visitor = await browser.newContext()
  const visitorPage = await visitor.newPage()

  const customerPages = [
    '/dashboard',
    '/dashboard/new-request',
    '/dashboard/new-request?flow=subscriptions&service=adobe',
    '/dashboard/orders',
    orderPath,
    '/dashboard/tickets',
    `/dashboard/tickets/${ticketId}`,
  ]
  const staffPages = [
    '/staff',
    '/staff/orders',
    `/staff/orders/${orderId}`,
    '/staff/tickets',
    `/staff/tickets/${ticketId}`,
    '/staff/users',
    '/staff/payment-types',
    '/staff/rates',
  ]
  const visitorPages = [
    '/',
    '/?auth=login',
    '/?auth=register',
    '/?auth=forgotPassword',
    '/register',
  ]

  const seen = new Set<string>()
  const plan: Array<{ request: APIRequestContext; form: FoundForm }> = []
  const collect = async (who: Page, pages: string[]) => {
    for (const url of pages) {
      for (const form of await formsOn(who, url)) {
        const key = `${form.action.replace(/\d+/g, 'N')} ${form.fields.map((f) => f.name).join(',')}`
        if (seen.has(key) || SESSION_ENDING.some((end) => form.action.startsWith(end))) continue
        seen.add(key)
        plan.push({ request: who.request, form })
      }
    }
  }
  await collect(visitorPage, visitorPages)
  await collect(page, customerPages)
  // Staff last: their actions may close the customer's order or ticket.
  await collect(staff.page, staffPages)
  expect(plan.length).toBeGreaterThan(8)

  const bad: Outcome[] = []
  const counts = new Map<number, number>()
  for (const { request, form } of plan) await fuzzForm(request, origin, form, bad, counts)

  const summary = [...new Map(bad.map((b) => [`${b.form} ${b.status}`, b])).values()]
  expect(summary, `${bad.length} answers ≥ 500`).toEqual([])
  // Everything still answers.
  expect((await page.request.get('/dashboard/orders')).status()).toBe(200)
  console.info(
    `fuzz-forms: ${plan.length} forms, ${[...counts.values()].reduce((a, b) => a + b, 0)} posts in ` +
      `${((Date.now() - started) / 1000).toFixed(0)} s; statuses ${JSON.stringify(Object.fromEntries(counts))}; ` +
      `forms: ${plan.map((p) => p.form.action).join(' ')}`,
  )
  await visitor.close()
  await staff.page.context().close()
})
