import { describe, expect, it } from 'vitest'
import {
  categoryId,
  postMultipart,
  SAMPLE_FILES,
  signedIn,
  TICKET_REPLY_TEMPLATE,
  useTicketingApp,
} from '../../test/tickets.ts'

type StaffTicketBody = {
  id: number
  title: string
  status: string
  category: number
  customer: { id: number; username: string; phone: string }
  waiting_for_staff: boolean
  last_message_at: string
}
type Page = { count: number; results: StaffTicketBody[] }
type MessageBody = {
  id: number
  content: string
  author: { id: number; username: string }
  is_staff: boolean
  attachments: Array<{ content_type: string }>
}
type Prepared = {
  id: number
  title: string
  content: string
  is_pinned: boolean
  pinned_at: string | null
}

const STAFF_TICKETS = '/api/staff/tickets/'
const PREPARED = '/api/staff/prepared-messages/'

describe('staff API', () => {
  const t = useTicketingApp()

  async function openTicket(token: string, title = 'مشکل پرداخت', slug = 'payment') {
    const response = await t.api.post<{ id: number }>(
      '/api/ticketing/tickets/',
      { title, category: await categoryId(t, slug), message: 'سلام' },
      { token },
    )
    expect(response.status, response.text).toBe(201)
    return response.body.id
  }

  /** A staff reply to a ticket (JSON), as the account `token` signs in. */
  const staffReply = (token: string, ticket: number, body: Record<string, unknown>) =>
    t.api.post<MessageBody>(`${STAFF_TICKETS}${ticket}/messages/`, body, { token })

  describe('access', () => {
    it('refuses a support member’s reply to their own ticket (a colleague answers it)', async () => {
      const insider = await signedIn(t, { role: 'support' })
      const ticket = await openTicket(insider.token)
      const reply = await staffReply(insider.token, ticket, { content: 'انجام شد' })
      expect(reply.status, reply.text).toBe(403)
      expect(reply.body).toMatchObject({ code: 'own_account' })
      const colleague = await signedIn(t, { role: 'support' })
      expect((await staffReply(colleague.token, ticket, { content: 'انجام شد' })).status).toBe(201)
    })

    it('is refused to customers (403) and to anonymous callers (401)', async () => {
      const customer = await signedIn(t)
      const calls: Array<[string, string]> = [
        ['GET', STAFF_TICKETS],
        ['GET', `${STAFF_TICKETS}1/`],
        ['GET', `${STAFF_TICKETS}1/messages/`],
        ['POST', `${STAFF_TICKETS}1/messages/`],
        ['GET', PREPARED],
        ['GET', `${PREPARED}pinned/`],
        ['POST', PREPARED],
        ['GET', `${PREPARED}1/`],
        ['PATCH', `${PREPARED}1/`],
        ['DELETE', `${PREPARED}1/`],
        ['POST', `${PREPARED}1/pin/`],
        ['POST', `${PREPARED}1/unpin/`],
      ]
      for (const [method, path] of calls) {
        const body = method === 'POST' || method === 'PATCH' ? { body: { content: 'x' } } : {}
        const asCustomer = await t.api.request(method, path, { ...body, token: customer.token })
        expect([method, path, asCustomer.status, asCustomer.body]).toEqual([
          method,
          path,
          403,
          { detail: 'شما اجازه انجام این کار را ندارید.', code: 'permission_denied' },
        ])
        const anonymous = await t.api.request(method, path, body)
        expect([method, path, anonymous.status]).toEqual([method, path, 401])
      }
      expect(await t.deps.db('ticket_messages').count('* as n')).toEqual([{ n: 0 }])
      expect(await t.deps.db('prepared_messages').count('* as n')).toEqual([{ n: 0 }])
    })

    it('is open to support and admin', async () => {
      for (const role of ['support', 'admin'] as const) {
        const staff = await signedIn(t, { role })
        const response = await t.api.get<Page>(STAFF_TICKETS, { token: staff.token })
        expect([role, response.status]).toEqual([role, 200])
      }
    })
  })

  describe('GET /api/staff/tickets/', () => {
    it("lists every customer's tickets with filters: status, waiting for staff, category", async () => {
      const staff = await signedIn(t, { role: 'support' })
      const alice = await signedIn(t)
      const bob = await signedIn(t)
      const waiting = await openTicket(alice.token, 'منتظر پاسخ', 'payment')
      t.clock.advance(10)
      const answered = await openTicket(bob.token, 'پاسخ داده شده', 'technical')
      await staffReply(staff.token, answered, { content: 'بررسی شد' })
      t.clock.advance(10)
      const closed = await openTicket(bob.token, 'بسته', 'payment')
      await t.api.post(`/api/ticketing/tickets/${closed}/close/`, undefined, { token: bob.token })
      t.clock.advance(10)
      const olderWaiting = await openTicket(alice.token, 'پیگیری دوباره', 'order')
      t.clock.advance(10)
      // The customer answers the staff reply: the ticket waits for staff again.
      const reopened = await openTicket(bob.token, 'جواب مشتری', 'technical')
      await staffReply(staff.token, reopened, { content: 'چه شد؟' })
      t.clock.advance(10)
      await t.api.post(
        `/api/ticketing/tickets/${reopened}/messages/`,
        { content: 'هنوز نه' },
        {
          token: bob.token,
        },
      )

      const list = async (query: string) => {
        const response = await t.api.get<Page>(`${STAFF_TICKETS}${query}`, { token: staff.token })
        expect(response.status, response.text).toBe(200)
        return response.body
      }
      const all = await list('')
      expect(all.count).toBe(5)
      expect(all.results.map((ticket) => ticket.id)).toEqual([
        reopened,
        olderWaiting,
        closed,
        answered,
        waiting,
      ])
      expect(all.results.find((ticket) => ticket.id === waiting)).toMatchObject({
        customer: { id: alice.id, username: alice.phone, phone: alice.phone },
        waiting_for_staff: true,
        status: 'open',
      })

      const queue = await list('?waiting_for_staff=true')
      // Oldest waiting first.
      expect(queue.results.map((ticket) => ticket.id)).toEqual([waiting, olderWaiting, reopened])
      expect((await list('?waiting_for_staff=false')).results.map((x) => x.id).sort()).toEqual(
        [answered, closed].sort(),
      )
      expect((await list('?status=closed')).results.map((x) => x.id)).toEqual([closed])
      expect((await list('?status=open')).count).toBe(4)
      const technical = await categoryId(t, 'technical')
      expect((await list(`?category=${technical}`)).results.map((x) => x.id)).toEqual([
        reopened,
        answered,
      ])
      expect(
        (await list(`?status=open&waiting_for_staff=true&category=${technical}`)).results.map(
          (x) => x.id,
        ),
      ).toEqual([reopened])
      const paged = await list('?limit=2&offset=1')
      expect([paged.count, paged.results.map((x) => x.id)]).toEqual([5, [olderWaiting, closed]])
    })

    it('refuses bad filters with field errors', async () => {
      const staff = await signedIn(t, { role: 'admin' })
      const response = await t.api.get(`${STAFF_TICKETS}?status=pending&category=abc&limit=0`, {
        token: staff.token,
      })
      expect(response.status).toBe(400)
      expect(Object.keys(response.body).sort()).toEqual(['category', 'limit', 'status'])
    })
  })

  describe('replies', () => {
    it('are labelled with the staff username, are visible to the customer and SMS them', async () => {
      const staff = await signedIn(t, { role: 'support', username: 'sara' })
      const customer = await signedIn(t)
      const ticket = await openTicket(customer.token)
      const reply = await staffReply(staff.token, ticket, { content: 'پرداخت شما بررسی شد.' })
      expect(reply.status, reply.text).toBe(201)
      expect(reply.body).toMatchObject({
        content: 'پرداخت شما بررسی شد.',
        author: { id: staff.id, username: 'sara' },
        is_staff: true,
      })

      const thread = await t.api.get<MessageBody[]>(`/api/ticketing/tickets/${ticket}/messages/`, {
        token: customer.token,
      })
      expect(thread.body.map((m) => [m.is_staff, m.author.username])).toEqual([
        [false, customer.phone],
        [true, 'sara'],
      ])
      await t.deps.sms.drain()
      expect(t.kavenegar.received).toEqual([
        expect.objectContaining({
          form: {
            receptor: customer.phone,
            template: TICKET_REPLY_TEMPLATE,
            token: String(ticket),
            type: 'sms',
            // The message's key: the vendor sends a repeat of it once.
            localid: expect.stringMatching(/^\d+$/),
          },
        }),
      ])
      const detail = await t.api.get<StaffTicketBody>(`${STAFF_TICKETS}${ticket}/`, {
        token: staff.token,
      })
      expect(detail.body).toMatchObject({ waiting_for_staff: false, status: 'open' })
    })

    it("say 'پشتیبانی' when the staff account has no username of its own (never its phone)", async () => {
      const staff = await signedIn(t, { role: 'admin' })
      const customer = await signedIn(t)
      const ticket = await openTicket(customer.token)
      await staffReply(staff.token, ticket, { content: 'سلام' })
      const thread = await t.api.get<MessageBody[]>(`/api/ticketing/tickets/${ticket}/messages/`, {
        token: customer.token,
      })
      expect(thread.body[1]?.author).toEqual({ id: staff.id, username: 'پشتیبانی' })
      expect(JSON.stringify(thread.body)).not.toContain(staff.phone)
    })

    it('can carry a file and use a prepared message', async () => {
      const staff = await signedIn(t, { role: 'support' })
      const customer = await signedIn(t)
      const ticket = await openTicket(customer.token)
      const prepared = await t.api.post<Prepared>(
        PREPARED,
        { title: 'راهنمای پرداخت', content: 'لطفاً رسید را بفرستید.' },
        { token: staff.token },
      )
      const withFile = await postMultipart<MessageBody>(
        t,
        `${STAFF_TICKETS}${ticket}/messages/`,
        { prepared_message: String(prepared.body.id) },
        { name: 'راهنما.pdf', data: SAMPLE_FILES.pdf },
        staff.token,
      )
      expect(withFile.status, withFile.text).toBe(201)
      expect(withFile.body.content).toBe('لطفاً رسید را بفرستید.')
      expect(withFile.body.attachments.map((a) => a.content_type)).toEqual(['application/pdf'])

      // Typed text wins over the prepared one (staff edited the canned reply).
      const edited = await staffReply(staff.token, ticket, {
        prepared_message: prepared.body.id,
        content: 'متن ویرایش‌شده',
      })
      expect(edited.body.content).toBe('متن ویرایش‌شده')

      const unknown = await staffReply(staff.token, ticket, { prepared_message: 99999 })
      expect([unknown.status, unknown.body]).toEqual([
        400,
        { prepared_message: ['پیام آماده یافت نشد'] },
      ])
      const empty = await staffReply(staff.token, ticket, {})
      expect([empty.status, empty.body]).toEqual([400, { content: ['پیام یا فایل لازم است'] }])
    })

    it('are refused on a closed ticket and on a missing one, and send no SMS', async () => {
      const staff = await signedIn(t, { role: 'support' })
      const customer = await signedIn(t)
      const ticket = await openTicket(customer.token)
      await t.api.post(`/api/ticketing/tickets/${ticket}/close/`, undefined, {
        token: customer.token,
      })
      const closed = await staffReply(staff.token, ticket, { content: 'سلام' })
      expect([closed.status, closed.body]).toEqual([
        409,
        {
          detail: 'این تیکت بسته شده است و پیام یا فایل جدیدی نمی‌پذیرد.',
          code: 'ticket_closed',
        },
      ])
      const missing = await staffReply(staff.token, 424242, { content: 'سلام' })
      expect([missing.status, missing.body]).toEqual([404, { detail: 'تیکت یافت نشد' }])
      await t.deps.sms.drain()
      expect(t.kavenegar.received).toEqual([])
    })

    it('still succeed when the SMS vendor fails', async () => {
      const staff = await signedIn(t, { role: 'support' })
      const customer = await signedIn(t)
      const ticket = await openTicket(customer.token)
      t.kavenegar.failNext(500, 500, 'vendor down')
      const reply = await staffReply(staff.token, ticket, { content: 'پاسخ' })
      expect(reply.status).toBe(201)
      await t.deps.sms.drain()
      expect(t.kavenegar.received).toHaveLength(1)
    })

    it('lets staff read any thread', async () => {
      const staff = await signedIn(t, { role: 'support' })
      const customer = await signedIn(t)
      const ticket = await openTicket(customer.token)
      const thread = await t.api.get<MessageBody[]>(`${STAFF_TICKETS}${ticket}/messages/`, {
        token: staff.token,
      })
      expect(thread.body.map((m) => m.content)).toEqual(['سلام'])
    })
  })

  describe('prepared messages', () => {
    it('are created, read, edited and deleted, with validation', async () => {
      const staff = await signedIn(t, { role: 'support' })
      const token = staff.token
      const invalid = await t.api.post(PREPARED, { title: ' ', content: '' }, { token })
      expect([invalid.status, invalid.body]).toEqual([
        400,
        { title: ['عنوان پیام آماده لازم است'], content: ['متن پیام آماده لازم است'] },
      ])
      const created = await t.api.post<Prepared>(
        PREPARED,
        { title: 'خوش‌آمد', content: 'سلام، چطور کمک کنیم؟' },
        { token },
      )
      expect(created.status).toBe(201)
      expect(created.body).toMatchObject({ title: 'خوش‌آمد', is_pinned: false, pinned_at: null })

      const read = await t.api.get<Prepared>(`${PREPARED}${created.body.id}/`, { token })
      expect(read.body.content).toBe('سلام، چطور کمک کنیم؟')

      const patched = await t.api.request<Prepared>('PATCH', `${PREPARED}${created.body.id}/`, {
        body: { content: 'سلام، در خدمتیم.' },
        token,
      })
      expect(patched.status).toBe(200)
      expect(patched.body).toMatchObject({ title: 'خوش‌آمد', content: 'سلام، در خدمتیم.' })
      const blank = await t.api.request('PATCH', `${PREPARED}${created.body.id}/`, {
        body: { title: '' },
        token,
      })
      expect([blank.status, blank.body]).toEqual([400, { title: ['عنوان پیام آماده لازم است'] }])

      const deleted = await t.api.request('DELETE', `${PREPARED}${created.body.id}/`, { token })
      expect(deleted.status).toBe(204)
      for (const [method, path] of [
        ['GET', `${PREPARED}${created.body.id}/`],
        ['PATCH', `${PREPARED}${created.body.id}/`],
        ['DELETE', `${PREPARED}${created.body.id}/`],
        ['POST', `${PREPARED}${created.body.id}/pin/`],
        ['POST', `${PREPARED}${created.body.id}/unpin/`],
      ] as const) {
        const response = await t.api.request(
          method,
          path,
          method === 'GET' ? { token } : { body: {}, token },
        )
        expect([method, path, response.status, response.body]).toEqual([
          method,
          path,
          404,
          { detail: 'پیام آماده یافت نشد' },
        ])
      }
    })

    it('list pinned ones first (latest pin on top), and unpin puts them back', async () => {
      const staff = await signedIn(t, { role: 'support' })
      const token = staff.token
      const make = async (title: string) => {
        const response = await t.api.post<Prepared>(
          PREPARED,
          { title, content: `${title}…` },
          {
            token,
          },
        )
        t.clock.advance(1)
        return response.body.id
      }
      const a = await make('الف')
      const b = await make('ب')
      const c = await make('پ')
      const titles = async (path = PREPARED) =>
        (await t.api.get<Prepared[]>(path, { token })).body.map((p) => p.title)
      expect(await titles()).toEqual(['پ', 'ب', 'الف'])

      const pinned = await t.api.post<Prepared>(`${PREPARED}${a}/pin/`, undefined, { token })
      expect(pinned.body).toMatchObject({ is_pinned: true, pinned_at: t.clock.now().toISOString() })
      t.clock.advance(1)
      await t.api.post(`${PREPARED}${b}/pin/`, undefined, { token })
      t.clock.advance(1)
      // Pinning again keeps its place.
      await t.api.post(`${PREPARED}${a}/pin/`, undefined, { token })
      expect(await titles()).toEqual(['ب', 'الف', 'پ'])
      expect(await titles(`${PREPARED}pinned/`)).toEqual(['ب', 'الف'])

      const unpinned = await t.api.post<Prepared>(`${PREPARED}${b}/unpin/`, undefined, { token })
      expect(unpinned.body).toMatchObject({ is_pinned: false, pinned_at: null })
      await t.api.post(`${PREPARED}${b}/unpin/`, undefined, { token })
      expect(await titles()).toEqual(['الف', 'پ', 'ب'])
      expect(c).toBeGreaterThan(0)
    })
  })
})
