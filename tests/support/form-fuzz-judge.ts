import { readFileSync } from 'node:fs'
import pg from 'pg'

/**
 * What every fuzzed form post must satisfy (ADR 018), and the two probes it needs: the business
 * rows of the fuzz's own accounts (so a refused post provably wrote nothing) and the stack's log
 * (so the report can say which posts got past web's validation into a call to payments-service).
 */

const PERSIAN = /[\u0600-\u06ff]/
/** The error boundary's two headings (web/app/components/error-boundary.tsx). */
const ERROR_PAGE = ['صفحه‌ای که دنبالش بودید پیدا نشد', 'متأسفانه خطایی رخ داد']

/**
 * How a refused post (4xx) tells the customer why, or null when it does not: a Persian
 * `role="alert"` next to the form, a field marked `aria-invalid` whose described-by element says
 * why in Persian, a Persian error text in the red of web's error lists, the error page (404, 405, an unknown form), or a Persian plain-text answer
 * (the unreadable body, the origin check).
 */
export function refusalCarrier(contentType: string, body: string): string | null {
  if (contentType.startsWith('text/html')) {
    const alerts = [...body.matchAll(/role="alert"[^>]*>([\s\S]*?)<\/(?:div|p|ul|span)>/g)]
    if (alerts.some((match) => PERSIAN.test(match[1] ?? ''))) return 'alert'
    for (const [tag] of body.matchAll(
      /<(?:input|select|textarea)\b[^>]*aria-invalid="true"[^>]*>/g,
    )) {
      const ids = /aria-describedby="([^"]+)"/.exec(tag)?.[1]?.split(/\s+/) ?? []
      for (const id of ids) {
        const escaped = id.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
        const described = new RegExp(`id="${escaped}"[^>]*>([\\s\\S]*?)</(?:ul|p|div|span)>`).exec(
          body,
        )
        if (described && PERSIAN.test(described[1] ?? '')) return 'field error'
      }
    }
    // A field's error list without the aria link (the service-type radios, the currency select):
    // seen, though not announced with its field.
    const errorTexts = [
      ...body.matchAll(/<(?:li|p)\b[^>]*class="[^"]*\btext-red-\d+[^"]*"[^>]*>([^<]+)</g),
    ]
    if (errorTexts.some((match) => PERSIAN.test(match[1] ?? ''))) return 'error text'
    if (ERROR_PAGE.some((heading) => body.includes(heading))) return 'error page'
    return null
  }
  if (contentType.startsWith('text/plain') || contentType === '') {
    return PERSIAN.test(body) && !/[A-Za-z]{3}/.test(body) ? 'plain text' : null
  }
  if (contentType.startsWith('application/json')) return PERSIAN.test(body) ? 'json' : null
  return null
}

const escapeHtml = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#x27;')

/** Whether the answer shows the site password that was posted (raw, escaped or as JSON). */
export function echoes(body: string, secret: string): boolean {
  if (secret.length < 6) return false
  return [secret, escapeHtml(secret), JSON.stringify(secret).slice(1, -1)].some((form) =>
    body.includes(form),
  )
}

/**
 * One fingerprint per account: its user row and every business row it owns (orders, their
 * documents, tickets, messages, attachments; its identity, cards, reviews and photos). Rate-limit
 * counters, audit records and the identity inquiry log are left out. The global print: rates,
 * fees and the identity levels' limits.
 */
export class BusinessRows {
  private constructor(private readonly client: pg.Client) {}

  static async connect(): Promise<BusinessRows> {
    const url = process.env.E2E_DATABASE_URL
    if (!url) throw new Error('E2E_DATABASE_URL is not set: run through global setup')
    const client = new pg.Client({ connectionString: url })
    await client.connect()
    return new BusinessRows(client)
  }

  async fingerprints(userIds: string[], withGlobal = false): Promise<Record<string, string>> {
    // One digest per kind of row, named, so a change says where it happened.
    const { rows } = await this.client.query<{ id: string; print: string }>(
      `SELECT u.id::text AS id, concat_ws(' ',
         'user=' || md5(coalesce((SELECT row_to_json(x)::text FROM (SELECT id, phone, username, email, password_hash, role, blocked_at, password_changed_at FROM users WHERE id = u.id) x), '')),
         'orders=' || md5(coalesce((SELECT string_agg(row_to_json(p)::text, ',' ORDER BY p.id) FROM payments p WHERE p.user_id = u.id), '')),
         'order_documents=' || md5(coalesce((SELECT string_agg(row_to_json(d)::text, ',' ORDER BY d.id) FROM payment_documents d JOIN payments p ON p.id = d.payment_id WHERE p.user_id = u.id), '')),
         'tickets=' || md5(coalesce((SELECT string_agg(row_to_json(t)::text, ',' ORDER BY t.id) FROM tickets t WHERE t.user_id = u.id), '')),
         'ticket_messages=' || md5(coalesce((SELECT string_agg(row_to_json(m)::text, ',' ORDER BY m.id) FROM ticket_messages m JOIN tickets t ON t.id = m.ticket_id WHERE t.user_id = u.id), '')),
         'ticket_attachments=' || md5(coalesce((SELECT string_agg(row_to_json(a)::text, ',' ORDER BY a.id) FROM ticket_attachments a JOIN ticket_messages m ON m.id = a.message_id JOIN tickets t ON t.id = m.ticket_id WHERE t.user_id = u.id), '')),
         'identity=' || md5(coalesce((SELECT row_to_json(i)::text FROM customer_identities i WHERE i.user_id = u.id), '')),
         'cards=' || md5(coalesce((SELECT string_agg(row_to_json(c)::text, ',' ORDER BY c.id) FROM customer_cards c WHERE c.user_id = u.id), '')),
         'reviews=' || md5(coalesce((SELECT string_agg(row_to_json(r)::text, ',' ORDER BY r.id) FROM identity_reviews r WHERE r.user_id = u.id), '')),
         'photos=' || md5(coalesce((SELECT string_agg(row_to_json(d)::text, ',' ORDER BY d.id) FROM identity_documents d WHERE d.user_id = u.id), ''))
       ) AS print
       FROM users u WHERE u.id = ANY($1::bigint[])`,
      [userIds],
    )
    const prints = Object.fromEntries(rows.map((row) => [row.id, row.print]))
    if (withGlobal) {
      const { rows: global } = await this.client.query<{ print: string }>(
        `SELECT concat_ws(' ',
           'rates=' || md5(coalesce((SELECT string_agg(row_to_json(r)::text, ',' ORDER BY r.id) FROM rates r), '')),
           'fees=' || md5(coalesce((SELECT string_agg(row_to_json(s)::text, ',' ORDER BY s.payment_type) FROM payment_type_settings s), '')),
           'levels=' || md5(coalesce((SELECT string_agg(row_to_json(l)::text, ',' ORDER BY l.level) FROM identity_levels l), ''))
         ) AS print`,
      )
      prints.global = global[0]?.print ?? ''
    }
    return prints
  }

  /** The ids of the account's identity objects (cards, reviews, photos), for tampered ids. */
  async identityIdsOf(userId: string): Promise<string[]> {
    const { rows } = await this.client.query<{ id: string }>(
      `SELECT id::text AS id FROM customer_cards WHERE user_id = $1
       UNION ALL SELECT id::text FROM identity_reviews WHERE user_id = $1
       UNION ALL SELECT id::text FROM identity_documents WHERE user_id = $1`,
      [userId],
    )
    return rows.map((row) => row.id)
  }

  /** The account's review waiting for staff (its photos are both in). */
  async pendingReviewOf(userId: string): Promise<string> {
    const { rows } = await this.client.query<{ id: string }>(
      `SELECT id::text AS id FROM identity_reviews WHERE user_id = $1 AND status = 'pending'`,
      [userId],
    )
    if (!rows[0]) throw new Error(`no pending identity review of user ${userId}`)
    return rows[0].id
  }

  async userIdOf(phone: string): Promise<string> {
    const { rows } = await this.client.query<{ id: string }>(
      'SELECT id::text AS id FROM users WHERE phone = $1',
      [phone],
    )
    if (!rows[0]) throw new Error(`no user with phone ${phone}`)
    return rows[0].id
  }

  close() {
    return this.client.end()
  }
}

/**
 * Request ids (ours, sent in X-Request-Id and carried by web to payments-service) whose post
 * made web call payments-service with anything but a GET: the post got past web's validation
 * into the action's work.
 */
export function requestIdsThatReachedTheService(prefix: string): Set<string> {
  const reached = new Set<string>()
  for (const line of stackLines()) {
    if (!line.includes(prefix)) continue
    // payments-service's access line for a write to its API (`payments│ … request
    // request_id=… method=POST path=/api/…`), not web's own line for the same id.
    if (!line.startsWith('"payments')) continue
    const id = new RegExp(`request_id=(${prefix}[A-Za-z0-9-]+)`).exec(line)?.[1]
    if (id && /method=(POST|PUT|PATCH|DELETE) path=\/api\//.test(line)) reached.add(id)
  }
  if (reached.size === 0) {
    const sample = stackLines().find((line) => line.includes(prefix))
    console.info(
      `form fuzz: no service line for ${prefix}; one line with it: ${sample?.slice(0, 500)}`,
    )
  }
  return reached
}

function stackLines(): string[] {
  const file = process.env.E2E_STACK_LOG
  if (!file) throw new Error('E2E_STACK_LOG is not set: global setup records the stack output')
  return readFileSync(file, 'utf8').split('\n')
}

/** What the services logged at warn or above while serving one request (for a failure). */
export function stackLogOf(requestId: string): string[] {
  const file = process.env.E2E_STACK_LOG
  if (!file) return []
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.includes(requestId) && /error|warn|"level\\?":\s*[45]0/i.test(line))
    .slice(0, 4)
}

/** Which kinds of rows differ between two prints of one account ("orders, cards"). */
export function changedParts(before: string | undefined, after: string | undefined): string {
  const parts = (print: string | undefined) =>
    new Map((print ?? '').split(' ').map((part) => part.split('=') as [string, string]))
  const old = parts(before)
  return [...parts(after)]
    .filter(([name, digest]) => old.get(name) !== digest)
    .map(([name]) => name)
    .join(', ')
}
