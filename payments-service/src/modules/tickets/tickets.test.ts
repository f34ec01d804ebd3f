import { describe, expect, it } from 'vitest'
import {
  categoryId,
  postMultipart,
  SAMPLE_FILES,
  signedIn,
  useTicketingApp,
} from '../../test/tickets.ts'

type TicketBody = {
  id: number
  title: string
  subject: string | null
  order_id: number | null
  category: number
  category_name: string
  status: string
  status_display: string
  created_at: string
  updated_at: string
}
type MessageBody = {
  id: number
  ticket: number
  content: string
  author: { id: number; username: string }
  is_staff: boolean
  created_at: string
  attachments: Array<{ id: number; file: string; name: string; content_type: string; size: number }>
}

const TICKETS = '/api/ticketing/tickets/'
const CLOSED = {
  detail: 'این تیکت بسته شده است و پیام یا فایل جدیدی نمی‌پذیرد.',
  code: 'ticket_closed',
}
const NOT_FOUND = { detail: 'تیکت یافت نشد' }

describe('customer ticketing API', () => {
  const t = useTicketingApp()

  async function openTicket(token: string, fields: Record<string, unknown> = {}) {
    const response = await t.api.post<TicketBody>(
      TICKETS,
      {
        title: 'پرداخت انجام نشد',
        category: await categoryId(t),
        message: 'سلام، مبلغ کم شد.',
        ...fields,
      },
      { token },
    )
    expect(response.status, response.text).toBe(201)
    return response.body
  }

  describe('GET /api/ticketing/categories/', () => {
    it('lists the five seeded categories in Persian, in order', async () => {
      const { token } = await signedIn(t)
      const response = await t.api.get<Array<{ id: number; name: string }>>(
        '/api/ticketing/categories/',
        { token },
      )
      expect(response.status).toBe(200)
      expect(response.body.map((c) => c.name)).toEqual([
        'پرداخت',
        'سفارش',
        'حساب کاربری',
        'فنی',
        'سایر',
      ])
      expect(Object.keys(response.body[0] ?? {}).sort()).toEqual(['id', 'name'])
    })
  })

  describe('POST /api/ticketing/tickets/', () => {
    it('opens a ticket with its first message and answers the ticket with its id', async () => {
      const customer = await signedIn(t)
      const category = await categoryId(t, 'technical')
      const response = await t.api.post<TicketBody>(
        TICKETS,
        {
          title: '  ورود ممکن نیست ',
          category: String(category),
          message: 'خطا می‌دهد',
          subject: 'ورود',
        },
        { token: customer.token },
      )
      expect(response.status, response.text).toBe(201)
      expect(response.body).toEqual({
        id: expect.any(Number),
        title: 'ورود ممکن نیست',
        subject: 'ورود',
        order_id: null,
        category,
        category_name: 'فنی',
        status: 'open',
        status_display: 'باز',
        resolved: false,
        created_at: t.clock.now().toISOString(),
        updated_at: t.clock.now().toISOString(),
      })
      const messages = await t.api.get<MessageBody[]>(`${TICKETS}${response.body.id}/messages/`, {
        token: customer.token,
      })
      expect(messages.body).toEqual([
        {
          id: expect.any(Number),
          ticket: response.body.id,
          content: 'خطا می‌دهد',
          author: { id: customer.id, username: customer.phone },
          is_staff: false,
          created_at: t.clock.now().toISOString(),
          attachments: [],
        },
      ])
    })

    it('the original client: {title, category} answers 201 with the id, the first message then goes through /messages/', async () => {
      const customer = await signedIn(t)
      const category = await categoryId(t, 'technical')
      const response = await t.api.post<TicketBody>(
        TICKETS,
        { title: 'ورود به حساب', category },
        { token: customer.token },
      )
      expect(response.status, response.text).toBe(201)
      expect(response.body).toMatchObject({
        id: expect.any(Number),
        title: 'ورود به حساب',
        category,
      })
      const empty = await t.api.get<MessageBody[]>(`${TICKETS}${response.body.id}/messages/`, {
        token: customer.token,
      })
      expect([empty.status, empty.body]).toEqual([200, []])

      const first = await t.api.post<MessageBody>(
        `${TICKETS}${response.body.id}/messages/`,
        { content: 'کد تایید نمی‌رسد' },
        { token: customer.token },
      )
      expect(first.status, first.text).toBe(201)
      expect(first.body).toMatchObject({ id: expect.any(Number), ticket: response.body.id })
      const thread = await t.api.get<MessageBody[]>(`${TICKETS}${response.body.id}/messages/`, {
        token: customer.token,
      })
      expect(thread.body.map((m) => m.content)).toEqual(['کد تایید نمی‌رسد'])
      const list = await t.api.get<TicketBody[]>(TICKETS, { token: customer.token })
      expect(list.body.map((ticket) => ticket.id)).toEqual([response.body.id])
    })

    it('answers missing or blank fields with the exact product texts', async () => {
      const { token } = await signedIn(t)
      // The initial message is optional (the original client sends it through /messages/); our web
      // checks it in its own form.
      const expected = {
        title: ['عنوان لازم است'],
        category: ['دستهبندی لازم است'],
      }
      const missing = await t.api.post(TICKETS, {}, { token })
      expect([missing.status, missing.body]).toEqual([400, expected])
      const blank = await t.api.post(
        TICKETS,
        { title: ' ', category: '', message: '\n' },
        { token },
      )
      expect([blank.status, blank.body]).toEqual([400, expected])
      expect(await t.deps.db('tickets').count('* as n')).toEqual([{ n: 0 }])
    })

    it('refuses an unknown category, a bad id and over-long fields', async () => {
      const { token } = await signedIn(t)
      const unknown = await t.api.post(
        TICKETS,
        { title: 'x', category: 999, message: 'y' },
        { token },
      )
      expect([unknown.status, unknown.body]).toEqual([
        400,
        { category: ['دسته‌بندی انتخاب‌شده معتبر نیست'] },
      ])
      const bad = await t.api.post(
        TICKETS,
        { title: 'x', category: 'abc', message: 'y' },
        { token },
      )
      expect(bad.body).toEqual({ category: ['دسته‌بندی انتخاب‌شده معتبر نیست'] })
      const long = await t.api.post(
        TICKETS,
        { title: 'ع'.repeat(201), category: await categoryId(t), message: 'پ'.repeat(5001) },
        { token },
      )
      expect(long.body).toEqual({
        title: ['عنوان نباید بیشتر از ۲۰۰ کاراکتر باشد'],
        message: ['پیام نباید بیشتر از ۵۰۰۰ کاراکتر باشد'],
      })
    })

    it('strips NUL (which PostgreSQL refuses) and the other controls but tab and line feed', async () => {
      const { token } = await signedIn(t)
      const ticket = await openTicket(token, {
        title: 'a\u0000b\u001b[2J',
        message: 'c\u0000d\r\n\te\u0007',
      })
      expect(ticket.title).toBe('ab[2J')
      const messages = await t.api.get<MessageBody[]>(`${TICKETS}${ticket.id}/messages/`, {
        token,
      })
      expect(messages.body.map((message) => message.content)).toEqual(['cd\n\te'])
    })

    it('caps open tickets per customer at 20', async () => {
      const { token } = await signedIn(t)
      for (let i = 0; i < 20; i++) await openTicket(token)
      const refused = await t.api.post(
        TICKETS,
        { title: 'x', category: await categoryId(t), message: 'y' },
        { token },
      )
      expect(refused.status).toBe(409)
      expect(refused.body).toMatchObject({ code: 'too_many_open_tickets' })
    })
  })

  describe('GET /api/ticketing/tickets(/)', () => {
    it("answers with and without the trailing slash, only the caller's tickets, newest activity first", async () => {
      const me = await signedIn(t)
      const other = await signedIn(t)
      const first = await openTicket(me.token, { title: 'اول' })
      t.clock.advance(60)
      await openTicket(me.token, { title: 'دوم' })
      await openTicket(other.token, { title: 'مال دیگری' })
      t.clock.advance(60)
      // A new message moves the first ticket to the top.
      await t.api.post(
        `${TICKETS}${first.id}/messages/`,
        { content: 'پیگیری' },
        { token: me.token },
      )

      for (const path of ['/api/ticketing/tickets/', '/api/ticketing/tickets']) {
        const response = await t.api.get<TicketBody[]>(path, { token: me.token })
        expect(response.status).toBe(200)
        expect(response.body.map((ticket) => ticket.title)).toEqual(['اول', 'دوم'])
      }
    })
  })

  describe('messages', () => {
    it('takes a JSON message and keeps the thread in order', async () => {
      const customer = await signedIn(t)
      const ticket = await openTicket(customer.token)
      t.clock.advance(5)
      const sent = await t.api.post<MessageBody>(
        `${TICKETS}${ticket.id}/messages/`,
        { content: 'توضیح بیشتر\r\nخط دوم' },
        { token: customer.token },
      )
      expect(sent.status, sent.text).toBe(201)
      expect(sent.body).toMatchObject({ id: expect.any(Number), content: 'توضیح بیشتر\nخط دوم' })
      const thread = await t.api.get<MessageBody[]>(`${TICKETS}${ticket.id}/messages/`, {
        token: customer.token,
      })
      expect(thread.body.map((m) => m.content)).toEqual([
        'سلام، مبلغ کم شد.',
        'توضیح بیشتر\nخط دوم',
      ])
      const after = await t.api.get<TicketBody>(`${TICKETS}${ticket.id}/`, {
        token: customer.token,
      })
      expect(after.body.updated_at).toBe(t.clock.now().toISOString())
    })

    it('needs text or a file: "پیام یا فایل لازم است"', async () => {
      const { token } = await signedIn(t)
      const ticket = await openTicket(token)
      const expected = { content: ['پیام یا فایل لازم است'] }
      for (const body of [{}, { content: '' }, { content: '   \n ' }]) {
        const response = await t.api.post(`${TICKETS}${ticket.id}/messages/`, body, { token })
        expect([response.status, response.body]).toEqual([400, expected])
      }
      const multipart = await postMultipart(
        t,
        `${TICKETS}${ticket.id}/messages/`,
        { content: ' ' },
        null,
        token,
      )
      expect([multipart.status, multipart.body]).toEqual([400, expected])
      const tooLong = await t.api.post(
        `${TICKETS}${ticket.id}/messages/`,
        { content: 'x'.repeat(5001) },
        { token },
      )
      expect(tooLong.body).toEqual({ content: ['پیام نباید بیشتر از ۵۰۰۰ کاراکتر باشد'] })
    })

    it('takes text and a file together in one multipart message', async () => {
      const { token } = await signedIn(t)
      const ticket = await openTicket(token)
      const response = await postMultipart<MessageBody>(
        t,
        `${TICKETS}${ticket.id}/messages/`,
        { content: 'رسید پرداخت' },
        { name: 'رسید.png', data: SAMPLE_FILES.png, type: 'image/png' },
        token,
      )
      expect(response.status, response.text).toBe(201)
      expect(response.body.content).toBe('رسید پرداخت')
      expect(response.body.attachments).toEqual([
        {
          id: expect.any(Number),
          file: `/api/ticketing/attachments/${response.body.attachments[0]?.id}/download/`,
          name: 'رسید.png',
          content_type: 'image/png',
          size: SAMPLE_FILES.png.length,
        },
      ])
    })
  })

  describe('closing', () => {
    it('closes the ticket (idempotently), and then refuses messages and files', async () => {
      const { token } = await signedIn(t)
      const ticket = await openTicket(token)
      const message = (
        await t.api.get<MessageBody[]>(`${TICKETS}${ticket.id}/messages/`, { token })
      ).body[0]
      const closed = await t.api.post<TicketBody>(`${TICKETS}${ticket.id}/close/`, undefined, {
        token,
      })
      expect(closed.status).toBe(200)
      expect(closed.body).toMatchObject({ status: 'closed', status_display: 'بسته شده' })
      const again = await t.api.post<TicketBody>(`${TICKETS}${ticket.id}/close/`, undefined, {
        token,
      })
      expect([again.status, again.body.status]).toEqual([200, 'closed'])

      const text = await t.api.post(
        `${TICKETS}${ticket.id}/messages/`,
        { content: 'سلام؟' },
        { token },
      )
      expect([text.status, text.body]).toEqual([409, CLOSED])
      const file = await postMultipart(
        t,
        `${TICKETS}${ticket.id}/messages/`,
        {},
        { name: 'a.png', data: SAMPLE_FILES.png },
        token,
      )
      expect([file.status, file.body]).toEqual([409, CLOSED])
      const attachment = await postMultipart(
        t,
        '/api/ticketing/attachments/',
        { message: String(message?.id) },
        { name: 'a.png', data: SAMPLE_FILES.png },
        token,
      )
      expect([attachment.status, attachment.body]).toEqual([409, CLOSED])
      expect(await t.deps.db('ticket_messages').count('* as n')).toEqual([{ n: 1 }])
      expect(await t.deps.db('ticket_attachments').count('* as n')).toEqual([{ n: 0 }])
    })

    it('cannot be done by staff (only the customer closes)', async () => {
      const customer = await signedIn(t)
      const staff = await signedIn(t, { role: 'support' })
      const ticket = await openTicket(customer.token)
      const response = await t.api.post(`${TICKETS}${ticket.id}/close/`, undefined, {
        token: staff.token,
      })
      expect([response.status, response.body]).toEqual([404, NOT_FOUND])
      expect(
        (await t.api.get<TicketBody>(`${TICKETS}${ticket.id}/`, { token: customer.token })).body
          .status,
      ).toBe('open')
    })
  })

  describe("someone else's ticket (IDOR)", () => {
    it('is not found: read, messages, send, close, attach, download', async () => {
      const owner = await signedIn(t)
      const intruder = await signedIn(t)
      const ticket = await openTicket(owner.token)
      const sent = await postMultipart<MessageBody>(
        t,
        `${TICKETS}${ticket.id}/messages/`,
        {},
        { name: 'a.pdf', data: SAMPLE_FILES.pdf },
        owner.token,
      )
      const attachment = sent.body.attachments[0]
      const token = intruder.token

      const read = await t.api.get(`${TICKETS}${ticket.id}/`, { token })
      const messages = await t.api.get(`${TICKETS}${ticket.id}/messages/`, { token })
      const send = await t.api.post(
        `${TICKETS}${ticket.id}/messages/`,
        { content: 'hi' },
        { token },
      )
      const close = await t.api.post(`${TICKETS}${ticket.id}/close/`, undefined, { token })
      for (const response of [read, messages, send, close]) {
        expect([response.status, response.body]).toEqual([404, NOT_FOUND])
      }
      const attach = await postMultipart(
        t,
        '/api/ticketing/attachments/',
        { message: String(sent.body.id) },
        { name: 'x.png', data: SAMPLE_FILES.png },
        token,
      )
      expect([attach.status, attach.body]).toEqual([404, { detail: 'پیام یافت نشد' }])
      const download = await t.api.get(attachment?.file ?? '', { token })
      expect([download.status, download.body]).toEqual([404, { detail: 'فایل یافت نشد' }])
      expect(await t.api.get(`${TICKETS}`, { token })).toMatchObject({ body: [] })
      // Nothing changed for the owner.
      const thread = await t.api.get<MessageBody[]>(`${TICKETS}${ticket.id}/messages/`, {
        token: owner.token,
      })
      expect(thread.body).toHaveLength(2)
      expect(
        (await t.api.get<TicketBody>(`${TICKETS}${ticket.id}/`, { token: owner.token })).body
          .status,
      ).toBe('open')
    })

    it('answers a missing ticket like a foreign one', async () => {
      const { token } = await signedIn(t)
      const response = await t.api.get(`${TICKETS}987654/messages/`, { token })
      expect([response.status, response.body]).toEqual([404, NOT_FOUND])
    })
  })

  describe('without a token', () => {
    it('answers 401 on every call', async () => {
      const calls: Array<[string, string]> = [
        ['GET', '/api/ticketing/categories/'],
        ['GET', '/api/ticketing/tickets'],
        ['GET', '/api/ticketing/tickets/'],
        ['POST', '/api/ticketing/tickets/'],
        ['GET', '/api/ticketing/tickets/1/'],
        ['GET', '/api/ticketing/tickets/1/messages/'],
        ['POST', '/api/ticketing/tickets/1/messages/'],
        ['POST', '/api/ticketing/tickets/1/close/'],
        ['POST', '/api/ticketing/attachments/'],
        ['GET', '/api/ticketing/attachments/1/download/'],
      ]
      for (const [method, path] of calls) {
        const response = await t.api.request(method, path, method === 'POST' ? { body: {} } : {})
        expect([method, path, response.status]).toEqual([method, path, 401])
        expect(response.body).toMatchObject({ code: 'not_authenticated' })
      }
    })

    it('never reads an anonymous upload', async () => {
      const response = await postMultipart(
        t,
        '/api/ticketing/attachments/',
        { message: '1' },
        { name: 'a.png', data: SAMPLE_FILES.png },
      )
      expect(response.status).toBe(401)
    })
  })

  describe('OpenAPI', () => {
    it('documents every ticketing call, the multipart bodies and the file download', async () => {
      type Doc = {
        paths: Record<
          string,
          Record<
            string,
            {
              requestBody?: { content: Record<string, unknown> }
              responses: Record<string, { content?: Record<string, unknown> }>
            }
          >
        >
      }
      const doc = (await t.api.get<Doc>('/api/schema/')).body
      const operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
        Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`),
      )
      expect(operations).toEqual(
        expect.arrayContaining([
          'GET /api/ticketing/tickets',
          'GET /api/ticketing/tickets/',
          'POST /api/ticketing/tickets/',
          'GET /api/ticketing/tickets/{id}/messages/',
          'POST /api/ticketing/tickets/{id}/messages/',
          'POST /api/ticketing/attachments/',
          'POST /api/ticketing/tickets/{id}/close/',
          'GET /api/ticketing/categories/',
          'GET /api/ticketing/attachments/{id}/download/',
          'GET /api/staff/tickets/',
          'POST /api/staff/tickets/{id}/messages/',
          'GET /api/staff/prepared-messages/',
          'POST /api/staff/prepared-messages/{id}/pin/',
          'POST /api/staff/prepared-messages/{id}/unpin/',
        ]),
      )
      const attach = doc.paths['/api/ticketing/attachments/']?.post
      expect(Object.keys(attach?.requestBody?.content ?? {})).toEqual(['multipart/form-data'])
      expect(Object.keys(attach?.responses ?? {}).sort()).toEqual(
        ['201', '400', '401', '403', '404', '409', '413', '415', '503'].sort(),
      )
      const send = doc.paths['/api/ticketing/tickets/{id}/messages/']?.post
      expect(Object.keys(send?.requestBody?.content ?? {})).toEqual([
        'application/json',
        'multipart/form-data',
      ])
      const download = doc.paths['/api/ticketing/attachments/{id}/download/']?.get
      expect(Object.keys(download?.responses['200']?.content ?? {})).toContain('image/png')
      const page = await t.api.get('/api/docs/')
      expect(page.status).toBe(200)
      expect(page.text).toContain('multipart/form-data')
      expect(page.text).toContain('/api/ticketing/attachments/{id}/download/')
    })
  })
})
