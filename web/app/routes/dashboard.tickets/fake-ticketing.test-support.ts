import { createServer, type IncomingMessage } from 'node:http'
import {
  closeServer,
  listenLocally,
  readBody,
  sendJson as send,
} from '../../../tests/http-stand-in.ts'

/**
 * A local HTTP stand-in for payments-service's ticketing contract (and the `/api/auth/me/` call
 * every dashboard loader makes), for the tickets routes' tests. It records what web sends,
 * multipart bodies included, so the tests can check what reaches payments-service.
 */

export interface RecordedCall {
  method: string
  path: string
  authorization: string | undefined
  json: unknown
  form: Record<string, string | { name: string; type: string; bytes: Buffer }> | null
}

export interface FakeTicket {
  id: number
  title: string
  subject: string | null
  order_id?: number | null
  category: number
  category_name: string
  status: 'open' | 'closed'
  status_display: string
  created_at: string
  updated_at: string
}

export interface FakeTicketing {
  url: string
  calls: RecordedCall[]
  tickets: FakeTicket[]
  messages: Map<number, unknown[]>
  files: Map<number, { bytes: Buffer; type: string; disposition: string }>
  /** The next call to this `METHOD /path` answers this instead. */
  failNext(route: string, status: number, body: unknown): void
  close(): Promise<void>
}

const NOW = '2026-11-24T10:30:00.000Z'

async function parseForm(req: IncomingMessage, body: Buffer): Promise<RecordedCall['form']> {
  const request = new Request('http://fake/', {
    method: 'POST',
    headers: { 'Content-Type': req.headers['content-type'] ?? '' },
    body: new Uint8Array(body),
  })
  const form = await request.formData()
  const result: NonNullable<RecordedCall['form']> = {}
  for (const [name, value] of form) {
    result[name] =
      typeof value === 'string'
        ? value
        : { name: value.name, type: value.type, bytes: Buffer.from(await value.arrayBuffer()) }
  }
  return result
}

export async function startFakeTicketing(): Promise<FakeTicketing> {
  const calls: RecordedCall[] = []
  const failures = new Map<string, { status: number; body: unknown }>()
  const fake: FakeTicketing = {
    url: '',
    calls,
    tickets: [
      {
        id: 7,
        title: 'پرداخت ناموفق',
        subject: null,
        category: 1,
        category_name: 'پرداخت',
        status: 'open',
        status_display: 'باز',
        created_at: NOW,
        updated_at: NOW,
      },
    ],
    messages: new Map([
      [
        7,
        [
          {
            id: 70,
            ticket: 7,
            content: 'سلام، پول کم شد',
            author: { id: 1, username: '09120000000' },
            is_staff: false,
            created_at: NOW,
            attachments: [],
          },
          {
            id: 71,
            ticket: 7,
            content: 'در حال بررسی است',
            author: { id: 2, username: 'پشتیبانی' },
            is_staff: true,
            created_at: NOW,
            attachments: [
              {
                id: 5,
                file: '/api/ticketing/attachments/5/download/',
                name: 'راهنما.pdf',
                content_type: 'application/pdf',
                size: 2048,
              },
            ],
          },
        ],
      ],
    ]),
    files: new Map([
      [
        5,
        {
          bytes: Buffer.from('%PDF-1.4 fake'),
          type: 'application/pdf',
          disposition: 'attachment; filename="____.pdf"; filename*=UTF-8\'\'%D8%B1.pdf',
        },
      ],
    ]),
    failNext(route, status, body) {
      failures.set(route, { status, body })
    },
    close: () => closeServer(server),
  }

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake')
    const body = await readBody(req)
    const type = req.headers['content-type'] ?? ''
    const call: RecordedCall = {
      method: req.method ?? 'GET',
      path: url.pathname,
      authorization: req.headers.authorization,
      json: type.includes('json') && body.length ? JSON.parse(body.toString('utf8')) : null,
      form: type.startsWith('multipart/form-data') ? await parseForm(req, body) : null,
    }
    calls.push(call)
    const route = `${call.method} ${call.path}`
    const failure = failures.get(route)
    if (failure) {
      failures.delete(route)
      return send(res, failure.status, failure.body)
    }
    if (!call.authorization?.startsWith('Bearer ')) {
      return send(res, 401, { detail: 'اطلاعات احراز هویت ارسال نشده است.' })
    }

    let match: RegExpExecArray | null
    if (route === 'GET /api/auth/me/') {
      return send(res, 200, { id: 1, username: '09120000000', email: null })
    }
    if (route === 'GET /api/ticketing/tickets/') return send(res, 200, fake.tickets)
    if (route === 'GET /api/ticketing/categories/') {
      return send(res, 200, [
        { id: 1, name: 'پرداخت' },
        { id: 4, name: 'فنی' },
      ])
    }
    if (route === 'POST /api/ticketing/tickets/') {
      const input = call.json as { title: string; category: number; order_id?: number }
      const ticket: FakeTicket = {
        ...(fake.tickets[0] as FakeTicket),
        id: 100 + fake.tickets.length,
        title: input.title,
        category: input.category,
        order_id: input.order_id ?? null,
      }
      fake.tickets.unshift(ticket)
      fake.messages.set(ticket.id, [])
      return send(res, 201, ticket)
    }
    if ((match = /^GET \/api\/ticketing\/tickets\/(\d+)\/$/.exec(route))) {
      const ticket = fake.tickets.find((t) => t.id === Number(match?.[1]))
      return ticket ? send(res, 200, ticket) : send(res, 404, { detail: 'تیکت یافت نشد' })
    }
    if ((match = /^GET \/api\/ticketing\/tickets\/(\d+)\/messages\/$/.exec(route))) {
      const messages = fake.messages.get(Number(match[1]))
      return messages ? send(res, 200, messages) : send(res, 404, { detail: 'تیکت یافت نشد' })
    }
    if ((match = /^POST \/api\/ticketing\/tickets\/(\d+)\/messages\/$/.exec(route))) {
      const messages = fake.messages.get(Number(match[1]))
      if (!messages) return send(res, 404, { detail: 'تیکت یافت نشد' })
      const message = {
        id: 200 + messages.length,
        ticket: Number(match[1]),
        content: typeof call.form?.content === 'string' ? call.form.content : '',
        author: { id: 1, username: '09120000000' },
        is_staff: false,
        created_at: NOW,
        attachments: [],
      }
      messages.push(message)
      return send(res, 201, message)
    }
    if ((match = /^POST \/api\/ticketing\/tickets\/(\d+)\/close\/$/.exec(route))) {
      const ticket = fake.tickets.find((t) => t.id === Number(match?.[1]))
      if (!ticket) return send(res, 404, { detail: 'تیکت یافت نشد' })
      ticket.status = 'closed'
      ticket.status_display = 'بسته شده'
      return send(res, 200, ticket)
    }
    if ((match = /^GET \/api\/ticketing\/attachments\/(\d+)\/download\/$/.exec(route))) {
      const file = fake.files.get(Number(match[1]))
      if (!file) return send(res, 404, { detail: 'فایل یافت نشد' })
      res.writeHead(200, {
        'Content-Type': file.type,
        'Content-Length': String(file.bytes.length),
        'Content-Disposition': file.disposition,
      })
      return res.end(file.bytes)
    }
    return send(res, 404, { detail: 'یافت نشد' })
  })
  fake.url = await listenLocally(server)
  return fake
}
