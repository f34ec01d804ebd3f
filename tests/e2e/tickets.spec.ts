import { expect, test, type Page } from '@playwright/test'
import { registerNewCustomer, uniquePhone } from '../support/auth.ts'
import { e2eUrls } from '../support/ports.ts'
import { placeOrder } from '../support/orders.ts'
import { createStaff, pngFile, signInAsStaff, staffApi } from '../support/staff.ts'
import { PHONE } from '../support/phone.ts'

// The customer's side of these journeys runs on a phone, where our customers are.
test.use(PHONE)

/**
 * Support tickets end to end (docs/product/tickets.md): a customer opens a ticket with a
 * message and an image, support answers with a pinned prepared message through the staff API,
 * the answer appears in the open thread as it is written (the draft being typed stays),
 * and the customer closes the ticket and can no longer send. Then the same without JavaScript.
 */

const PASSWORD = 'Ticket-e2e-1404'
const PERSIAN_DATE = /[۰-۹]{4}\/[۰-۹]{2}\/[۰-۹]{2}/

/** The thread's box for a new message. */
const messageBox = (page: Page) => page.getByLabel('متن پیام', { exact: true })

async function openNewTicketForm(page: Page) {
  await page.getByText('تیکت جدید', { exact: true }).click()
  await expect(page.getByLabel('عنوان', { exact: true })).toBeVisible()
}

/**
 * The new-ticket form: sent empty it shows its three messages; then the ticket is filled in
 * and sent, and its page opens.
 */
async function createTicket(
  page: Page,
  ticket: { title: string; category: string; message: string },
) {
  await openNewTicketForm(page)
  await page.getByRole('button', { name: 'ثبت تیکت' }).click()
  await expect(page.getByText('عنوان لازم است', { exact: true })).toBeVisible()
  await expect(page.getByText('دستهبندی لازم است', { exact: true })).toBeVisible()
  await expect(page.getByText('پیام اولیه لازم است', { exact: true })).toBeVisible()
  await page.getByLabel('عنوان', { exact: true }).fill(ticket.title)
  await page.getByLabel('دسته‌بندی').selectOption({ label: ticket.category })
  await page.getByLabel('پیام اولیه').fill(ticket.message)
  await page.getByRole('button', { name: 'ثبت تیکت' }).click()
  await expect(page).toHaveURL(/\/dashboard\/tickets\/\d+$/)
}

function ticketIdFrom(page: Page): number {
  const match = /\/dashboard\/tickets\/(\d+)$/.exec(new URL(page.url()).pathname)
  if (!match?.[1]) throw new Error(`not on a ticket page: ${page.url()}`)
  return Number(match[1])
}

test('from an order’s page: a ticket naming that order, with a receipt attached as it is opened; support find it from the order', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000)
  await registerNewCustomer(page, uniquePhone(), PASSWORD)
  await placeOrder(page, {
    typeLabel: 'پرداخت هزینه آزمون',
    siteUrl: 'https://www.ets.org',
    amount: '55',
  })
  await page.goto('/dashboard/orders')
  await page.getByTestId('order-card').first().getByRole('link').click()
  await expect(page).toHaveURL(/\/dashboard\/orders\/\d+$/)
  const orderId = /\/dashboard\/orders\/(\d+)$/.exec(new URL(page.url()).pathname)?.[1] ?? ''
  await page.getByRole('link', { name: 'پرسش دربارهٔ این سفارش' }).click()

  // The form is open with the order chosen; a file goes with the first message.
  const orderPicker = page.getByLabel('دربارهٔ کدام سفارش؟ (اختیاری)')
  await expect(orderPicker).toHaveValue(orderId)
  await page.getByLabel('عنوان', { exact: true }).fill('پرداخت آزمون')
  await page.getByLabel('دسته‌بندی').selectOption({ label: 'پرداخت' })
  await page.getByLabel('پیام اولیه').fill('مبلغ کسر شد ولی سفارش پرداخت نشده است.')
  await page.getByLabel('پیوست (اختیاری)').setInputFiles({
    name: 'رسید بانک.png',
    mimeType: 'image/png',
    buffer: pngFile(),
  })
  await page.getByRole('button', { name: 'ثبت تیکت' }).click()
  await expect(page).toHaveURL(/\/dashboard\/tickets\/\d+$/)
  await expect(page.getByText('تیکت با موفقیت ثبت شد')).toBeVisible()
  const thread = page.getByTestId('ticket-thread')
  await expect(thread.getByTestId('attachment-link')).toContainText('رسید بانک.png')
  await page.getByTestId('ticket-order').click()
  await expect(page).toHaveURL(new RegExp(`/dashboard/orders/${orderId}$`))

  // Support, working the order, see that the customer asked about it and go to the ticket,
  // which links back to the order.
  const staff = await signInAsStaff(browser, 'support')
  await staff.page.goto(`/staff/orders/${orderId}`)
  const tickets = staff.page.getByTestId('staff-order-tickets')
  await expect(tickets).toContainText('منتظر پاسخ')
  await tickets.getByRole('link', { name: /پرداخت آزمون/ }).click()
  await expect(staff.page).toHaveURL(/\/staff\/tickets\/\d+$/)
  await staff.page.getByTestId('staff-ticket-order').click()
  await expect(staff.page).toHaveURL(new RegExp(`/staff/orders/${orderId}$`))
  await staff.page.context().close()
})

test('two agents on one ticket: the first answer (with a file) takes it, a colleague with the page open is told before answering, support mark it solved and the customer sees so', async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000)
  await registerNewCustomer(page, uniquePhone(), PASSWORD)
  await page.goto('/dashboard/tickets')
  await openNewTicketForm(page)
  const title = `بازگشت وجه ${Date.now() % 100000}`
  await page.getByLabel('عنوان', { exact: true }).fill(title)
  await page.getByLabel('دسته‌بندی').selectOption({ label: 'پرداخت' })
  await page.getByLabel('پیام اولیه').fill('پولم کی برمی‌گردد؟')
  await page.getByRole('button', { name: 'ثبت تیکت' }).click()
  await expect(page).toHaveURL(/\/dashboard\/tickets\/\d+$/)
  const ticketPath = `/staff/tickets/${ticketIdFrom(page)}`

  const sara = await signInAsStaff(browser, 'support')
  const reza = await signInAsStaff(browser, 'support')
  for (const desk of [sara.page, reza.page]) {
    await desk.goto(ticketPath)
    await expect(desk.getByTestId('ticket-assignee')).toContainText('هنوز کسی این تیکت را برنداشته')
  }
  // Sara answers first, with the bank's receipt: the ticket is hers.
  await sara.page.getByLabel('متن پاسخ').fill('رسید بازگشت وجه پیوست است.')
  await sara.page.getByLabel('پیوست (اختیاری)').setInputFiles({
    name: 'رسید بازگشت.png',
    mimeType: 'image/png',
    buffer: pngFile(),
  })
  await sara.page.getByRole('button', { name: 'ارسال پاسخ' }).click()
  await expect(
    sara.page.getByRole('status').filter({ hasText: 'پاسخ شما برای مشتری ارسال شد' }),
  ).toBeVisible()
  await expect(sara.page.getByTestId('ticket-assignee')).toContainText('این تیکت با شماست')

  // Reza's page was drawn before: his answer is held back and names Sara; what he typed stays.
  await reza.page.getByLabel('متن پاسخ').fill('در حال بررسی است.')
  await reza.page.getByRole('button', { name: 'ارسال پاسخ' }).click()
  await expect(
    reza.page.getByRole('alert').filter({ hasText: 'این تیکت در این فاصله به' }),
  ).toContainText(sara.username)
  await expect(reza.page.getByTestId('reply-colleague')).toContainText(sara.username)
  await expect(reza.page.getByLabel('متن پاسخ')).toHaveValue('در حال بررسی است.')
  // Knowing it now, he sends it anyway: it goes, and the ticket stays Sara's.
  await reza.page.getByRole('button', { name: 'ارسال پاسخ' }).click()
  await expect(
    reza.page.getByRole('status').filter({ hasText: 'پاسخ شما برای مشتری ارسال شد' }),
  ).toBeVisible()
  await expect(reza.page.getByTestId('ticket-assignee')).toContainText(sara.username)
  await reza.page.goto('/staff/tickets?view=open&who=me')
  await expect(reza.page.getByRole('heading', { name: 'تیکت‌های پشتیبانی' })).toBeVisible()
  await expect(reza.page.getByTestId('staff-ticket-row').filter({ hasText: title })).toHaveCount(0)
  await sara.page.goto('/staff/tickets?view=open&who=me')
  await expect(sara.page.getByTestId('staff-ticket-row').filter({ hasText: title })).toContainText(
    sara.username,
  )

  await sara.page.goto(ticketPath)
  await sara.page.getByRole('button', { name: 'علامت حل‌شده' }).click()
  await expect(
    sara.page.getByRole('status').filter({ hasText: 'تیکت حل‌شده علامت خورد' }),
  ).toBeVisible()
  await expect(sara.page.getByTestId('ticket-resolved')).toBeVisible()

  // The customer sees both answers, Sara's file, and that support consider it solved.
  await page.reload()
  const thread = page.getByTestId('ticket-thread')
  await expect(thread.getByTestId('attachment-link')).toContainText('رسید بازگشت.png')
  await expect(thread).toContainText('در حال بررسی است.')
  await expect(page.getByTestId('ticket-resolved')).toContainText(
    'پشتیبانی این درخواست را حل‌شده می‌داند',
  )
  await sara.page.context().close()
  await reza.page.context().close()
})

test('a customer opens a ticket with an image, support answers, the customer closes it', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000)
  const phone = uniquePhone()
  await registerNewCustomer(page, phone, PASSWORD)
  await page.goto('/dashboard/tickets')
  await expect(page.getByRole('heading', { name: 'پشتیبانی و تیکت‌ها' })).toBeVisible()

  await createTicket(page, {
    title: 'پرداخت انجام شد ولی سفارش ثبت نشد',
    category: 'پرداخت',
    message: 'سلام، مبلغ از حسابم کم شد.',
  })
  const ticketId = ticketIdFrom(page)
  await expect(page.getByText('تیکت با موفقیت ثبت شد')).toBeVisible()
  const thread = page.getByTestId('ticket-thread')
  await expect(thread.getByText('سلام، مبلغ از حسابم کم شد.')).toBeVisible()
  await expect(page.getByTestId('ticket-list')).toContainText('پرداخت انجام شد ولی سفارش ثبت نشد')
  await expect(thread.locator('time').first()).toHaveText(PERSIAN_DATE)

  // Nothing to send: the spec's message, nothing sent.
  const send = page.getByRole('button', { name: 'ارسال', exact: true })
  await send.click()
  await expect(page.getByText('پیام یا فایل لازم است', { exact: true })).toBeVisible()

  // An image with a message, uploaded over a slowed link so the progress shows.
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 20,
    downloadThroughput: -1,
    uploadThroughput: 400 * 1024,
  })
  await page
    .getByTestId('thread-form')
    .locator('input[type=file][name=file]')
    .setInputFiles({
      name: 'رسید پرداخت.png',
      mimeType: 'image/png',
      buffer: pngFile(1024 * 1024),
    })
  await expect(page.getByTestId('chosen-file')).toHaveText('رسید پرداخت.png')
  await messageBox(page).fill('این هم رسید پرداخت')
  await send.click()
  await expect(page.getByTestId('upload-progress')).toBeVisible()
  await expect(page.getByTestId('upload-progress')).toHaveText(/^[۰-۹]+٪$/)
  const customerMessage = thread
    .getByTestId('ticket-message')
    .filter({ hasText: 'این هم رسید پرداخت' })
  await expect(customerMessage).toBeVisible({ timeout: 20_000 })
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  })
  await expect(customerMessage).toHaveAttribute('data-author', 'customer')
  const attachment = customerMessage.getByTestId('attachment-link')
  await expect(attachment).toContainText('رسید پرداخت.png')
  await expect(page.getByTestId('upload-progress')).toBeHidden()
  await expect(messageBox(page)).toHaveValue('')

  // The file downloads through web's authorised route, under its name.
  const [download] = await Promise.all([page.waitForEvent('download'), attachment.click()])
  expect(download.suggestedFilename()).toBe('رسید پرداخت.png')

  // Support: a staff account, a pinned prepared message, a reply with it.
  const staffPhone = uniquePhone()
  await createStaff({ phone: staffPhone, password: PASSWORD, role: 'support' })
  const staff = await staffApi(request, staffPhone, PASSWORD)
  const queue = await staff.get('/api/staff/tickets/?waiting_for_staff=true&limit=200')
  expect(queue.status()).toBe(200)
  const waiting = (await queue.json()) as { results: Array<{ id: number }> }
  expect(waiting.results.map((ticket) => ticket.id)).toContain(ticketId)
  const created = await staff.post('/api/staff/prepared-messages/', {
    title: `پیگیری پرداخت ${ticketId}`,
    content: `رسید شما دریافت شد؛ سفارش تیکت ${ticketId} تا ساعتی دیگر ثبت می‌شود.`,
  })
  expect(created.status()).toBe(201)
  const prepared = (await created.json()) as { id: number; content: string }
  expect((await staff.post(`/api/staff/prepared-messages/${prepared.id}/pin/`)).status()).toBe(200)
  const list = (await (await staff.get('/api/staff/prepared-messages/')).json()) as Array<{
    id: number
    is_pinned: boolean
  }>
  const pinned = list.filter((message) => message.is_pinned)
  expect(list.slice(0, pinned.length)).toEqual(pinned)
  expect(pinned[0]?.id).toBe(prepared.id)

  // The customer is typing when the answer comes; the refresh must not lose it.
  const draft = page.locator('textarea[name=content]')
  await draft.fill('پیش‌نویس من')
  const reply = await staff.post(`/api/staff/tickets/${ticketId}/messages/`, {
    prepared_message: pinned[0]?.id,
  })
  expect(reply.status(), await reply.text()).toBe(201)
  const staffMessage = thread.locator('[data-author="staff"]')
  await expect(staffMessage).toContainText(prepared.content, { timeout: 7_000 + 6_000 })
  await expect(staffMessage.getByTestId('message-author')).toHaveText('پشتیبانی')
  await expect(draft).toHaveValue('پیش‌نویس من')
  // Staff messages look different from the customer's.
  const staffLook = await staffMessage
    .locator('article')
    .evaluate((el) => getComputedStyle(el).backgroundColor)
  const ownLook = await customerMessage
    .locator('article')
    .evaluate((el) => getComputedStyle(el).backgroundColor)
  expect(staffLook).not.toBe(ownLook)

  // Closing asks first; declining keeps the ticket open.
  page.once('dialog', (dialog) => void dialog.dismiss())
  await page.getByRole('button', { name: 'بستن تیکت' }).click()
  await expect(page.getByTestId('ticket-status').first()).toBeVisible()
  await expect(page.locator('#ticket-title ~ p [data-testid="ticket-status"]')).toHaveText('باز')
  let asked = ''
  page.once('dialog', (dialog) => {
    asked = dialog.message()
    void dialog.accept()
  })
  await page.getByRole('button', { name: 'بستن تیکت' }).click()
  await expect(page.locator('#ticket-title ~ p [data-testid="ticket-status"]')).toHaveText(
    'بسته شده',
  )
  expect(asked).toContain('آیا از بستن این تیکت مطمئن هستید؟')
  await expect(page.getByRole('button', { name: 'بستن تیکت' })).toHaveCount(0)
  await expect(draft).toBeDisabled()
  await expect(send).toBeDisabled()
  await expect(
    page.getByTestId('thread-form').locator('input[type=file][name=file]'),
  ).toBeDisabled()
  await expect(
    page.getByText('این تیکت بسته شده است و امکان ارسال پیام در آن وجود ندارد.'),
  ).toBeVisible()

  // The server refuses too, whoever asks.
  const late = await staff.post(`/api/staff/tickets/${ticketId}/messages/`, { content: 'سلام؟' })
  expect(late.status()).toBe(409)
})

test('a long thread opens at its newest message, and the earlier ones are there when scrolled to', async ({
  page,
}) => {
  test.setTimeout(120_000)
  await registerNewCustomer(page, uniquePhone(), PASSWORD)
  await page.goto('/dashboard/tickets')
  await createTicket(page, { title: 'گفت‌وگوی طولانی', category: 'پرداخت', message: 'پیام 0' })
  const thread = page.getByTestId('ticket-thread')
  const messages = thread.getByTestId('ticket-message')
  const box = messageBox(page)
  // More messages than the page lays out up front (the rest wait until scrolled to), each taller
  // than the room the browser keeps for one it has not laid out yet.
  for (let n = 1; n <= 16; n += 1) {
    await box.fill(`پیام ${n}\nسفارش را بررسی کنید.\nمنتظر پاسخ هستم.\nسپاس.`)
    await page.getByRole('button', { name: 'ارسال', exact: true }).click()
    await expect(messages).toHaveCount(n + 1)
    // The live stream may show the message before the send has settled and emptied the box.
    await expect(box).toHaveValue('')
  }

  // Opened anew, as from the list: a reload would put the page back where the browser last had
  // it, which the sends above leave anywhere down to the footer.
  await page.goto(page.url())
  await expect(messages).toHaveCount(17)
  await expect(messages.last()).toContainText('پیام 16')
  const atEnd = () =>
    thread.evaluate((list) => list.scrollTop + list.clientHeight >= list.scrollHeight - 1)
  await expect.poll(atEnd).toBe(true)
  await expect(messages.last()).toBeInViewport()
  await expect(messages.first()).not.toBeInViewport()

  // Back to the start: the page, then the thread.
  await page.evaluate(() => window.scrollTo({ top: 0 }))
  await thread.evaluate((list) => list.scrollTo({ top: 0 }))
  await expect(messages.first()).toBeInViewport()
  await expect(messages.first()).toContainText('پیام 0')
})

test.describe('without JavaScript', () => {
  test('creating, sending (with a file) and closing all work with plain forms', async ({
    browser,
  }) => {
    test.setTimeout(90_000)
    // Registration itself is covered elsewhere; sign up with scripts, then turn them off.
    const options = { baseURL: e2eUrls.web, locale: 'fa-IR', timezoneId: 'Asia/Tehran' }
    const signUp = await browser.newContext(options)
    await registerNewCustomer(await signUp.newPage(), uniquePhone(), PASSWORD)
    const storageState = await signUp.storageState()
    await signUp.close()
    const context = await browser.newContext({ ...options, javaScriptEnabled: false, storageState })
    const page = await context.newPage()
    await page.goto('/dashboard/tickets')

    // The form shows no order picker to a customer without orders; an order id posted anyway
    // (another customer's, or none at all) is still refused with a Persian sentence on the page.
    const category = await page
      .getByLabel('دسته‌بندی')
      .locator('option')
      .nth(1)
      .getAttribute('value')
    const refused = await page.request.post('/dashboard/tickets', {
      multipart: {
        intent: 'create',
        title: 'سفارش دیگری',
        category: category ?? '',
        message: 'دربارهٔ این سفارش',
        order_id: '999999999',
      },
      headers: { Origin: e2eUrls.web },
    })
    expect(refused.status()).toBe(400)
    expect(await refused.text()).toContain('سفارش انتخاب‌شده در سفارش‌های شما نیست')

    // Without JavaScript the server answers with the same texts, the form still open.
    await createTicket(page, {
      title: 'بدون جاوااسکریپت',
      category: 'فنی',
      message: 'صفحه بدون اسکریپت هم کار می‌کند؟',
    })
    const thread = page.getByTestId('ticket-thread')
    await expect(thread.getByText('صفحه بدون اسکریپت هم کار می‌کند؟')).toBeVisible()

    await page.getByRole('button', { name: 'ارسال', exact: true }).click()
    await expect(page.getByText('پیام یا فایل لازم است', { exact: true })).toBeVisible()

    await page.getByTestId('thread-form').locator('input[type=file][name=file]').setInputFiles({
      name: 'screenshot.png',
      mimeType: 'image/png',
      buffer: pngFile(),
    })
    await messageBox(page).fill('تصویر خطا')
    await page.getByRole('button', { name: 'ارسال', exact: true }).click()
    const sent = thread.getByTestId('ticket-message').filter({ hasText: 'تصویر خطا' })
    await expect(sent).toBeVisible()
    await expect(sent.getByTestId('attachment-link')).toContainText('screenshot.png')

    // Closing: a confirmation step instead of confirm().
    await page.getByRole('button', { name: 'بستن تیکت' }).click()
    await expect(page).toHaveURL(/\?confirm_close=1$/)
    await expect(page.getByRole('alertdialog')).toContainText('آیا از بستن این تیکت مطمئن هستید؟')
    await page.getByRole('link', { name: 'انصراف' }).click()
    await expect(page.getByRole('alertdialog')).toHaveCount(0)
    await page.getByRole('button', { name: 'بستن تیکت' }).click()
    await page.getByRole('button', { name: 'بله، تیکت بسته شود' }).click()
    await expect(page.getByText('تیکت بسته شد', { exact: true })).toBeVisible()
    await expect(page.getByRole('button', { name: 'بستن تیکت' })).toHaveCount(0)
    await expect(page.getByPlaceholder('این تیکت بسته شده است')).toBeDisabled()
    await expect(page.getByRole('button', { name: 'ارسال', exact: true })).toBeDisabled()
    await context.close()
  })
})
