import { expect, test, type Page } from '@playwright/test'
import { registerNewCustomer, uniquePhone } from '../support/auth.ts'
import { paidOrderWithTicket } from '../support/orders.ts'
import { PHONE } from '../support/phone.ts'
import { REPLICA_HEADER } from '@arzpol/devstack'
import { startReplicaStack, type ReplicaStack } from '../support/replica-stack.ts'
import { createStaff, signInAsStaff, staffApi } from '../support/staff.ts'

// The customer's side runs on a phone, where our customers are.
test.use(PHONE)

/**
 * Live updates (ADR 043): what staff do reaches the customer's open pages within about a second,
 * with no reload and no 7-second wait, and a connection cut meanwhile loses and repeats nothing.
 * The staff queues move by themselves too.
 */

const PASSWORD = 'Live-e2e-1404'
/** Well under the 7-second poll: only a live stream gets a change there this fast. */
const LIVE = { timeout: 4_000 }

/** Resolves when the page's live stream at `path` has answered (opened). */
const streamOpened = (page: Page, path: string) =>
  page.waitForResponse((response) => new URL(response.url()).pathname === path)

test('a staff reply and the order’s new status reach the customer’s open pages live', async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000)
  await registerNewCustomer(page, uniquePhone(), PASSWORD)
  const { orderId, ticketId } = await paidOrderWithTicket(page)
  const desk = (await signInAsStaff(browser)).page

  // Read-only pages ship no JavaScript at all (ADR 044); the live ones do.
  const shipsScripts = async (path: string) =>
    /<script[^>]*type="module"/.test((await (await page.goto(path))?.text()) ?? '')
  for (const readOnly of ['/dashboard', '/dashboard/orders', '/dashboard/tickets']) {
    expect(await shipsScripts(readOnly), readOnly).toBe(false)
  }
  expect(await shipsScripts(`/dashboard/tickets/${ticketId}`)).toBe(true)

  // The customer waits on the thread; support answer from the back office.
  const opened = streamOpened(page, `/dashboard/tickets/${ticketId}/live`)
  await page.goto(`/dashboard/tickets/${ticketId}`)
  expect((await opened).status()).toBe(200)
  const thread = page.getByTestId('ticket-thread')
  await desk.goto(`/staff/tickets/${ticketId}`)
  const reply = async (text: string) => {
    await desk.getByLabel('متن پاسخ').fill(text)
    await desk.getByRole('button', { name: 'ارسال پاسخ' }).click()
    await expect(
      desk.getByRole('status').filter({ hasText: 'پاسخ شما برای مشتری ارسال شد' }),
    ).toBeVisible()
  }
  await reply('سفارش شما امروز انجام می‌شود.')
  await expect(thread).toContainText('سفارش شما امروز انجام می‌شود.', LIVE)

  // A second ticket opened from this page: the first one's reply does not follow it there.
  await page.getByText('تیکت جدید', { exact: true }).click()
  await page.getByLabel('عنوان', { exact: true }).fill('رسید پرداخت')
  await page.getByLabel('دسته‌بندی').selectOption({ label: 'پرداخت' })
  await page.getByLabel('پیام اولیه').fill('رسید را کجا ببینم؟')
  await page.getByRole('button', { name: 'ثبت تیکت' }).click()
  await expect(page).not.toHaveURL(new RegExp(`/dashboard/tickets/${ticketId}$`))
  await expect(thread).toContainText('رسید را کجا ببینم؟')
  await expect(thread).not.toContainText('سفارش شما امروز انجام می‌شود.')

  // The order's page follows the order: staff start work on it, and it says so at once.
  const orderStream = streamOpened(page, `/dashboard/orders/${orderId}/live`)
  await page.goto(`/dashboard/orders/${orderId}`)
  await orderStream
  const status = page.getByTestId('order-stage')
  await expect(status).toContainText('پرداخت شد')
  await desk.goto(`/staff/orders/${orderId}`)
  await desk.getByTestId('action-in_progress').getByRole('button').click()
  await expect(desk.getByTestId('action-in_progress')).toHaveCount(0)
  await expect(status).toContainText('در حال انجام', LIVE)
  await desk.context().close()
})

test('the staff ticket queue shows a customer’s new ticket without a reload', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000)
  const desk = (await signInAsStaff(browser)).page
  const queue = streamOpened(desk, '/staff/live')
  await desk.goto('/staff/tickets?view=open')
  await queue

  await registerNewCustomer(page, uniquePhone(), PASSWORD)
  const title = `پرسش زنده ${Date.now() % 100000}`
  await page.goto('/dashboard/tickets?new=1')
  await page.getByLabel('عنوان', { exact: true }).fill(title)
  await page.getByLabel('دسته‌بندی').selectOption({ label: 'پرداخت' })
  await page.getByLabel('پیام اولیه').fill('کارت من پذیرفته نشد.')
  await page.getByRole('button', { name: 'ثبت تیکت' }).click()
  await expect(page).toHaveURL(/\/dashboard\/tickets\/\d+$/)

  await expect(desk.getByTestId('staff-ticket-row').filter({ hasText: title })).toBeVisible(LIVE)
  await desk.context().close()
})

test.describe('across web processes', () => {
  let stack: ReplicaStack
  test.beforeAll(async () => {
    test.setTimeout(120_000)
    stack = await startReplicaStack({ name: 'live', payments: 1, web: 2 })
  })
  test.afterAll(async () => stack?.stop())

  test('the web process holding a thread’s stream stops: the browser resumes on the other from the last message it got, losing and repeating nothing', async ({
    browser,
    playwright,
  }) => {
    test.setTimeout(120_000)
    const context = await browser.newContext({ baseURL: stack.webUrl })
    const page = await context.newPage()
    await registerNewCustomer(page, uniquePhone(), PASSWORD)
    await page.goto('/dashboard/tickets?new=1')
    await page.getByLabel('عنوان', { exact: true }).fill('واریز نرسید')
    await page.getByLabel('دسته‌بندی').selectOption({ label: 'پرداخت' })
    await page.getByLabel('پیام اولیه').fill('واریز من کجاست؟')
    await page.getByRole('button', { name: 'ثبت تیکت' }).click()
    await expect(page).toHaveURL(/\/dashboard\/tickets\/\d+$/)
    const ticketId = /\/dashboard\/tickets\/(\d+)/.exec(page.url())?.[1]
    const livePath = `/dashboard/tickets/${ticketId}/live`
    const streams: Array<{ replica: string; lastEventId: string | null }> = []
    page.on('response', async (response) => {
      if (new URL(response.url()).pathname !== livePath) return
      // All of them: the browser's network stack adds Last-Event-ID itself.
      const sent = await response.request().allHeaders()
      streams.push({
        replica: response.headers()[REPLICA_HEADER] ?? '',
        lastEventId: sent['last-event-id'] ?? null,
      })
    })
    await page.reload()
    await expect.poll(() => streams.length).toBeGreaterThan(0)

    const phone = uniquePhone()
    await createStaff({ phone, password: PASSWORD, databaseUrl: stack.databaseUrl })
    const staff = await staffApi(
      await playwright.request.newContext({ baseURL: stack.paymentsUrl }),
      phone,
      PASSWORD,
    )
    const reply = async (content: string) => {
      const sent = await staff.post(`/api/staff/tickets/${ticketId}/messages/`, { content })
      expect(sent.status(), await sent.text()).toBe(201)
    }
    const thread = page.getByTestId('ticket-thread')
    await reply('پیگیری کردیم؛ امروز می‌رسد.')
    await expect(thread).toContainText('پیگیری کردیم؛ امروز می‌رسد.', LIVE)

    // The process holding the stream is stopped (a deploy): it ends its streams first.
    const holding = streams.length
    const holder = stack.web.find((replica) => replica.name === streams.at(-1)?.replica)
    expect(holder, JSON.stringify(streams)).toBeDefined()
    holder!.signal('SIGTERM')
    await holder!.exited
    await reply('شماره پیگیری: ۴۵۶۷۸۹')
    await expect(thread).toContainText('شماره پیگیری: ۴۵۶۷۸۹', { timeout: 15_000 })
    await expect(thread.getByText('پیگیری کردیم؛ امروز می‌رسد.')).toHaveCount(1)
    await expect(thread.getByText('شماره پیگیری: ۴۵۶۷۸۹')).toHaveCount(1)
    // By another stream, on the other process, which said where the first one stopped.
    expect(streams.length).toBeGreaterThan(holding)
    const resumed = streams.at(-1)
    expect(resumed?.replica).not.toBe(holder!.name)
    expect(resumed?.lastEventId).toMatch(/^\d+$/)
    await context.close()
  })
})
