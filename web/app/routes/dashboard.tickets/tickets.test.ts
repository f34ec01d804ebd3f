import { beforeEach, describe, expect, it, vi } from 'vitest'
import { getLogger } from '~/utils/logger.server.ts'
import { standInForFile } from '../../../tests/stand-in-for-file.ts'
import {
  CookieJar,
  expectData,
  flashMessage,
  formRequest,
  routeArgs,
  settle,
  signedInJar,
} from '../../../tests/utils.ts'
import { loader as downloadLoader } from '../dashboard.tickets.$ticketId.attachments.$attachmentId.ts'
import { action as sendResource } from '../dashboard.tickets.$ticketId.messages.ts'
import {
  action as threadAction,
  loader as threadLoader,
} from '../dashboard.tickets.$ticketId/route.tsx'
import type { ThreadActionData } from '~/features/tickets/thread-forms.tsx'
import { startFakeTicketing } from './fake-ticketing.test-support.ts'
import { load, submit } from '../dashboard/route-calls.test-support.ts'
import { action as createAction, loader as ticketsLoader, type CreateActionData } from './route.tsx'

/**
 * The tickets routes' loaders and actions as plain functions, against a local fake of
 * payments-service's ticketing contract: what reaches payments-service, and what the customer
 * sees (the product's texts) when something is missing or fails.
 */

let jar: CookieJar
const fake = await standInForFile(startFakeTicketing(), 'PAYMENTS_URL', (fake) => {
  fake.calls.length = 0
  jar = signedInJar({ sub: '1' })
})

const upstream = (method: string, path: string) =>
  fake.calls.filter((call) => call.method === method && call.path === path)

describe('/dashboard/tickets loader', () => {
  it('loads the tickets and categories with the session token', async () => {
    const result = expectData<{
      tickets: unknown[]
      categories: unknown[]
      ticketsFailed: boolean
    }>(await load(ticketsLoader, '/dashboard/tickets', jar))
    expect(result.data.tickets).toHaveLength(1)
    expect(result.data.categories).toEqual([
      { id: 1, name: 'پرداخت' },
      { id: 4, name: 'فنی' },
    ])
    expect(result.data.ticketsFailed).toBe(false)
    expect(upstream('GET', '/api/ticketing/tickets/')[0]?.authorization).toMatch(/^Bearer ey/)
  })

  it('only logs a failed list and shows an empty one', async () => {
    const logged = vi.spyOn(getLogger(), 'error').mockImplementation(() => undefined)
    fake.failNext('GET /api/ticketing/tickets/', 500, { detail: 'خطا' })
    const result = expectData<{ tickets: unknown[]; ticketsFailed: boolean }>(
      await load(ticketsLoader, '/dashboard/tickets', jar),
    )
    expect([result.data.tickets, result.data.ticketsFailed]).toEqual([[], true])
    expect(logged).toHaveBeenCalled()
  })

  it('sends a visitor without a session to the login form', async () => {
    const response = await load(ticketsLoader, '/dashboard/tickets', new CookieJar())
    expect(response).toBeInstanceOf(Response)
    expect((response as Response).headers.get('Location')).toBe('/?auth=login')
  })
})

describe('creating a ticket', () => {
  const create = (fields: Record<string, string>, headers: Record<string, string> = {}) =>
    settle(() =>
      createAction(
        routeArgs(formRequest('/dashboard/tickets', { intent: 'create', ...fields }, jar, headers)),
      ),
    )

  it('answers missing fields with the exact product texts and calls nothing', async () => {
    const result = expectData<CreateActionData>(
      await create({ title: ' ', category: '', message: '' }),
    )
    expect(result.init?.status).toBe(400)
    expect(result.data.errors).toEqual({
      form: [],
      fields: {
        title: ['عنوان لازم است'],
        category: ['دستهبندی لازم است'],
        message: ['پیام اولیه لازم است'],
      },
    })
    expect(upstream('POST', '/api/ticketing/tickets/')).toEqual([])
  })

  it('creates it with title, category and first message, then opens it with a flash', async () => {
    const response = await create({ title: ' ورود ', category: '۴', message: 'کار نمی‌کند' })
    expect(response).toBeInstanceOf(Response)
    const redirect = response as Response
    expect(redirect.status).toBe(302)
    expect(redirect.headers.get('Location')).toMatch(/^\/dashboard\/tickets\/\d+$/)
    expect(upstream('POST', '/api/ticketing/tickets/')[0]?.json).toEqual({
      title: 'ورود',
      category: 4,
      message: 'کار نمی‌کند',
    })
    expect(flashMessage(redirect)).toBe('تیکت با موفقیت ثبت شد')
  })

  it("puts the server's field messages on their fields", async () => {
    fake.failNext('POST /api/ticketing/tickets/', 400, {
      category: ['دسته‌بندی انتخاب‌شده معتبر نیست'],
    })
    const result = expectData<CreateActionData>(
      await create({ title: 'a', category: '99', message: 'b' }),
    )
    expect(result.init?.status).toBe(400)
    expect(result.data.errors).toEqual({
      form: [],
      fields: { category: ['دسته‌بندی انتخاب‌شده معتبر نیست'] },
    })
    expect(result.data.values).toEqual({ title: 'a', category: '99', message: 'b' })
  })

  it("says 'خطا در ایجاد تیکت' on failures, with the server's reason when it gave one", async () => {
    fake.failNext('POST /api/ticketing/tickets/', 500, { detail: 'خطای داخلی سرور' })
    const broken = expectData<CreateActionData>(
      await create({ title: 'a', category: '1', message: 'b' }),
    )
    expect([broken.init?.status, broken.data.errors.form]).toEqual([502, ['خطا در ایجاد تیکت']])

    fake.failNext('POST /api/ticketing/tickets/', 409, {
      detail: 'شما ۲۰ تیکت باز دارید.',
      code: 'too_many_open_tickets',
    })
    const refused = expectData<CreateActionData>(
      await create({ title: 'a', category: '1', message: 'b' }),
    )
    expect(refused.data.errors.form).toEqual(['خطا در ایجاد تیکت', 'شما ۲۰ تیکت باز دارید.'])
  })
})

describe('a ticket thread', () => {
  it('loads the ticket and its messages, staff ones marked', async () => {
    const result = expectData<{
      ticket: { id: number; status: string }
      messages: Array<{ is_staff: boolean; author: { username: string } }>
      confirmClose: boolean
    }>(await load(threadLoader, '/dashboard/tickets/7', jar, { ticketId: '7' }))
    expect(result.data.ticket).toMatchObject({ id: 7, status: 'open' })
    expect(result.data.messages.map((m) => [m.is_staff, m.author.username])).toEqual([
      [false, '09120000000'],
      [true, 'پشتیبانی'],
    ])
    expect(result.data.confirmClose).toBe(false)
  })

  it('asks to confirm closing at ?confirm_close=1 (the no-JavaScript step)', async () => {
    const result = expectData<{ confirmClose: boolean }>(
      await load(threadLoader, '/dashboard/tickets/7?confirm_close=1', jar, { ticketId: '7' }),
    )
    expect(result.data.confirmClose).toBe(true)
  })

  it('is a 404 for an unknown, foreign or malformed id', async () => {
    for (const ticketId of ['999', 'abc', '-1']) {
      const response = await load(threadLoader, `/dashboard/tickets/${ticketId}`, jar, { ticketId })
      expect([ticketId, (response as Response).status]).toEqual([ticketId, 404])
    }
  })

  it('only logs a failed message load', async () => {
    const logged = vi.spyOn(getLogger(), 'error').mockImplementation(() => undefined)
    fake.failNext('GET /api/ticketing/tickets/7/messages/', 503, null)
    const result = expectData<{ messages: unknown[] }>(
      await load(threadLoader, '/dashboard/tickets/7', jar, { ticketId: '7' }),
    )
    expect(result.data.messages).toEqual([])
    expect(logged).toHaveBeenCalled()
  })
})

describe('a new ticket with a file and the order it is about', () => {
  const create = (entries: Record<string, string | Blob>) => {
    const form = new FormData()
    form.append('intent', 'create')
    for (const [name, value] of Object.entries(entries)) {
      if (typeof value === 'string') form.append(name, value)
      else form.append(name, value, 'رسید.png')
    }
    return submit(createAction, '/dashboard/tickets', form, jar)
  }
  const png = Buffer.from('89504e470d0a1a0a0000', 'hex')

  it('opens the ticket naming the order, then sends the file as its next message', async () => {
    const response = await create({
      title: 'پرداخت',
      category: '1',
      message: 'پول کم شد',
      order_id: '۴۲',
      file: new Blob([png], { type: 'image/png' }),
    })
    expect((response as Response).status).toBe(302)
    const created = upstream('POST', '/api/ticketing/tickets/')[0]
    expect(created?.json).toEqual({
      title: 'پرداخت',
      category: 1,
      message: 'پول کم شد',
      order_id: 42,
    })
    const location = (response as Response).headers.get('Location') ?? ''
    const id = /\/dashboard\/tickets\/(\d+)$/.exec(location)?.[1]
    const sent = upstream('POST', `/api/ticketing/tickets/${id}/messages/`)[0]
    expect((sent?.form?.file as { bytes: Buffer }).bytes.equals(png)).toBe(true)
    expect(flashMessage(response)).toBe('تیکت با موفقیت ثبت شد')
  })

  it('a ticket whose file did not go says so, and the ticket stands', async () => {
    // The fake numbers a new ticket after those it holds.
    const next = 100 + fake.tickets.length
    fake.failNext(`POST /api/ticketing/tickets/${next}/messages/`, 500, { detail: 'x' })
    const response = await create({
      title: 'پرداخت',
      category: '1',
      message: 'سلام',
      file: new Blob([png], { type: 'image/png' }),
    })
    expect((response as Response).status).toBe(302)
    expect(flashMessage(response)).toContain('تیکت ثبت شد، اما فایل پیوست نشد')
  })

  it('a malformed order is refused beside its field, before anything is sent', async () => {
    const result = expectData<CreateActionData>(
      await create({ title: 'a', category: '1', message: 'b', order_id: 'x1' }),
    )
    expect(result.init?.status).toBe(400)
    expect(result.data.errors.fields.order_id).toEqual(['سفارش انتخاب‌شده در سفارش‌های شما نیست'])
    expect(upstream('POST', '/api/ticketing/tickets/')).toEqual([])
  })
})

describe('sending a message', () => {
  const send = (form: FormData) =>
    submit(threadAction, '/dashboard/tickets/7', form, jar, { ticketId: '7' })
  const fields = (entries: Record<string, string | Blob>, fileName = 'رسید.png') => {
    const form = new FormData()
    form.append('intent', 'send')
    for (const [name, value] of Object.entries(entries)) {
      if (typeof value === 'string') form.append(name, value)
      else form.append(name, value, fileName)
    }
    return form
  }

  it("needs text or a file: 'پیام یا فایل لازم است'", async () => {
    const form = fields({ content: '  ' })
    // What an empty file input submits.
    form.append('file', new Blob([]), '')
    const result = expectData<ThreadActionData>(await send(form))
    expect(result.init?.status).toBe(400)
    expect(result.data.errors.fields).toEqual({ content: ['پیام یا فایل لازم است'] })
    expect(upstream('POST', '/api/ticketing/tickets/7/messages/')).toEqual([])
  })

  it('forwards the text and the file as multipart, then goes back to the thread', async () => {
    const png = Buffer.from('89504e470d0a1a0a0000', 'hex')
    const response = await send(
      fields({ content: ' رسید ', file: new Blob([png], { type: 'image/png' }) }),
    )
    expect((response as Response).status).toBe(302)
    expect((response as Response).headers.get('Location')).toBe('/dashboard/tickets/7')
    const call = upstream('POST', '/api/ticketing/tickets/7/messages/')[0]
    expect(call?.form?.content).toBe('رسید')
    expect(call?.form?.file).toMatchObject({ name: 'رسید.png' })
    expect((call?.form?.file as { bytes: Buffer }).bytes.equals(png)).toBe(true)
  })

  it('sends a text-only message from a urlencoded post too', async () => {
    const response = await submit(
      threadAction,
      '/dashboard/tickets/7',
      { intent: 'send', content: 'سلام' },
      jar,
      {
        ticketId: '7',
      },
    )
    expect((response as Response).status).toBe(302)
    const call = upstream('POST', '/api/ticketing/tickets/7/messages/')[0]
    expect(call?.form).toEqual({ content: 'سلام' })
  })

  it('refuses a file over 10 MB while reading it, without calling payments-service', async () => {
    const big = new Blob([new Uint8Array(10 * 1024 * 1024 + 1)])
    const result = expectData<ThreadActionData>(await send(fields({ content: 'x', file: big })))
    expect(result.init?.status).toBe(413)
    expect(result.data.errors.fields).toEqual({
      file: ['حجم فایل نباید بیشتر از ۱۰ مگابایت باشد.'],
    })
    expect(upstream('POST', '/api/ticketing/tickets/7/messages/')).toEqual([])
  })

  it("says 'خطا در ارسال پیام' on failures and keeps the typed text", async () => {
    fake.failNext('POST /api/ticketing/tickets/7/messages/', 409, {
      detail: 'این تیکت بسته شده است و پیام یا فایل جدیدی نمی‌پذیرد.',
      code: 'ticket_closed',
    })
    const closed = expectData<ThreadActionData>(await send(fields({ content: 'متن من' })))
    expect(closed.data.errors.form).toEqual([
      'خطا در ارسال پیام',
      'این تیکت بسته شده است و پیام یا فایل جدیدی نمی‌پذیرد.',
    ])
    expect(closed.data.content).toBe('متن من')

    fake.failNext('POST /api/ticketing/tickets/7/messages/', 400, {
      file: ['نوع فایل مجاز نیست. فقط تصویر (PNG، JPEG، WebP، GIF) یا PDF بفرستید.'],
    })
    const refused = expectData<ThreadActionData>(
      await send(fields({ file: new Blob([Buffer.from('MZ')]) }, 'photo.png')),
    )
    expect(refused.data.errors.fields.file).toEqual([
      'نوع فایل مجاز نیست. فقط تصویر (PNG، JPEG، WebP، GIF) یا PDF بفرستید.',
    ])

    fake.failNext('POST /api/ticketing/tickets/7/messages/', 503, null)
    const down = expectData<ThreadActionData>(await send(fields({ content: 'x' })))
    expect([down.init?.status, down.data.errors]).toEqual([
      502,
      { form: ['خطا در ارسال پیام'], fields: {} },
    ])
  })
})

describe('the XHR send route (upload progress with JavaScript)', () => {
  const post = (form: FormData, cookies = jar) =>
    submit(sendResource, '/dashboard/tickets/7/messages', form, cookies, {
      ticketId: '7',
    })

  it('answers JSON: 201 when sent, field errors when not', async () => {
    const ok = new FormData()
    ok.append('content', 'سلام')
    const sent = await post(ok)
    expect([sent.status, await sent.json()]).toEqual([201, { ok: true }])

    const empty = await post(new FormData())
    expect(empty.status).toBe(400)
    expect(await empty.json()).toEqual({
      ok: false,
      errors: { form: [], fields: { content: ['پیام یا فایل لازم است'] } },
    })
  })

  it('tells the page where to go when the session is gone, instead of following a redirect', async () => {
    const form = new FormData()
    form.append('content', 'سلام')
    const response = await post(form, new CookieJar())
    expect(response.status).toBe(401)
    expect(await response.json()).toEqual({ ok: false, redirect: '/?auth=login' })
    expect(upstream('POST', '/api/ticketing/tickets/7/messages/')).toEqual([])
  })
})

describe('closing a ticket', () => {
  beforeEach(() => {
    const ticket = fake.tickets.find((t) => t.id === 7)
    if (ticket) Object.assign(ticket, { status: 'open', status_display: 'باز' })
  })
  const close = () =>
    submit(threadAction, '/dashboard/tickets/7', { intent: 'close' }, jar, { ticketId: '7' })

  it('closes it and goes back to the thread with a flash', async () => {
    const response = (await close()) as Response
    expect(response.status).toBe(302)
    expect(response.headers.get('Location')).toBe('/dashboard/tickets/7')
    expect(upstream('POST', '/api/ticketing/tickets/7/close/')).toHaveLength(1)
    expect(flashMessage(response)).toBe('تیکت بسته شد')
  })

  it("says 'خطا در بستن تیکت' when it fails", async () => {
    fake.failNext('POST /api/ticketing/tickets/7/close/', 500, { detail: 'خطای داخلی سرور' })
    const result = expectData<ThreadActionData>(await close())
    expect([result.init?.status, result.data.errors.form]).toEqual([502, ['خطا در بستن تیکت']])
  })

  it('no longer offers the confirmation step once closed', async () => {
    await close()
    const result = expectData<{ confirmClose: boolean; ticket: { status: string } }>(
      await load(threadLoader, '/dashboard/tickets/7?confirm_close=1', jar, { ticketId: '7' }),
    )
    expect([result.data.ticket.status, result.data.confirmClose]).toEqual(['closed', false])
  })
})

describe('downloading an attachment', () => {
  const download = (attachmentId: string) =>
    load(downloadLoader, `/dashboard/tickets/7/attachments/${attachmentId}`, jar, {
      ticketId: '7',
      attachmentId,
    })

  it('streams the file as a download with safe headers', async () => {
    const response = await download('5')
    expect(response.status).toBe(200)
    expect(response.headers.get('Content-Type')).toBe('application/pdf')
    expect(response.headers.get('Content-Disposition')).toMatch(/^attachment; filename=/)
    expect(response.headers.get('X-Content-Type-Options')).toBe('nosniff')
    expect(response.headers.get('Content-Security-Policy')).toBe("default-src 'none'; sandbox")
    expect(response.headers.get('Cache-Control')).toBe('private, no-store')
    expect(Buffer.from(await response.arrayBuffer()).toString()).toBe('%PDF-1.4 fake')
    expect(upstream('GET', '/api/ticketing/attachments/5/download/')[0]?.authorization).toMatch(
      /^Bearer /,
    )
  })

  it('never passes on a type a browser would run', async () => {
    fake.files.set(6, { bytes: Buffer.from('<script>'), type: 'text/html', disposition: 'inline' })
    const response = await download('6')
    expect(response.headers.get('Content-Type')).toBe('application/octet-stream')
    expect(response.headers.get('Content-Disposition')).toBe('attachment')
  })

  it('is a 404 for unknown or foreign files', async () => {
    expect((await download('404')).status).toBe(404)
    expect((await download('x')).status).toBe(404)
  })
})
