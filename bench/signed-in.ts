import pg from 'pg'

/**
 * The customer the Lighthouse bench audits the signed-in pages as: registered through the API as
 * anyone is, with 50 orders (one of them paid at the bank, so its receipt exists) and a ticket of
 * 40 messages, then signed in through web's own login form; `cookie` is the session it got.
 * Cloning rows in the database is what makes 50 orders quick: the API would need 50 bank visits.
 */
export interface SignedInCustomer {
  cookie: string
  /** Their access token, for calls straight to payments-service. */
  access: string
  paidOrderId: number
  ticketId: number
}

const PASSWORD = 'Bench-customer-1404'
const ORDERS = 50
const MESSAGES = 40

async function api<T>(base: string, path: string, body: unknown, token?: string): Promise<T> {
  const response = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  })
  if (!response.ok) throw new Error(`${path} answered ${response.status}: ${await response.text()}`)
  return (await response.json()) as T
}

/** Signs in through web's login form, as a browser would; answers the cookies it set. */
async function webSession(web: string, phone: string): Promise<string> {
  const response = await fetch(`${web}/?index`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: web },
    body: new URLSearchParams({ intent: 'login', phone, password: PASSWORD }),
  })
  const cookies = response.headers.getSetCookie().map((cookie) => cookie.split(';')[0])
  if (response.status !== 302 || cookies.length === 0) {
    throw new Error(`web's login answered ${response.status} without a session`)
  }
  return cookies.join('; ')
}

export async function signedInCustomer(urls: {
  web: string
  payments: string
  database: string
}): Promise<SignedInCustomer> {
  const phone = `0912${String(Date.now()).slice(-7)}`
  const { dev_code: code } = await api<{ dev_code: string }>(urls.payments, '/api/auth/otp/send/', {
    phone,
    purpose: 'register',
  })
  const { access } = await api<{ access: string }>(urls.payments, '/api/auth/register/', {
    phone,
    password: PASSWORD,
    code,
  })
  const order = await api<{ id: number }>(
    urls.payments,
    '/api/payments/create/',
    { payment_type: 'exams', site_url: 'https://www.ets.org', amount: '50', currency: 'USD' },
    access,
  )
  const categories = (await (
    await fetch(`${urls.payments}/api/ticketing/categories/`, {
      headers: { Authorization: `Bearer ${access}` },
    })
  ).json()) as Array<{ id: number }>
  const ticket = await api<{ id: number }>(
    urls.payments,
    '/api/ticketing/tickets/',
    {
      title: 'زمان انجام سفارش',
      category: categories[0]?.id,
      message: 'سفارش من کی انجام می‌شود؟',
    },
    access,
  )
  const db = new pg.Client({ connectionString: urls.database })
  await db.connect()
  try {
    await db.query(
      `INSERT INTO payments (user_id, payment_type, stage, site_url, amount_minor, currency, rate_irr,
         subtotal_irr, fee_irr, amount_irr, rate_locked_until, description, meta, created_at,
         updated_at)
       SELECT user_id, payment_type, stage, site_url, amount_minor, currency, rate_irr,
         subtotal_irr, fee_irr, amount_irr, rate_locked_until, description, meta,
         created_at - make_interval(hours => n), updated_at
         FROM payments, generate_series(1, $2::int) AS n WHERE id = $1`,
      [order.id, ORDERS - 1],
    )
    // The order paid at the bank: its verified attempt is what its receipt shows.
    await db.query(`UPDATE payments SET stage = 'paid', paid_at = now() WHERE id = $1`, [order.id])
    await db.query(
      `INSERT INTO gateway_transactions (payment_id, gateway, res_num, amount_irr, status, ref_num,
         rrn, masked_pan, verified_at, created_at, updated_at)
       SELECT id, 'sandbox', 'bench-' || id, amount_irr, 'verified', 'REF-' || id, '123456789012',
         '621986******0009', now(), now(), now() FROM payments WHERE id = $1`,
      [order.id],
    )
    await db.query(
      `INSERT INTO ticket_messages (ticket_id, author_id, is_staff, content, created_at)
       SELECT $1, user_id, n % 2 = 1,
         CASE WHEN n % 2 = 1 THEN 'پیام پشتیبانی شمارهٔ ' || n ELSE 'پیام مشتری شمارهٔ ' || n END,
         now() - make_interval(mins => $2::int - n)
         FROM tickets, generate_series(1, $2::int - 1) AS n WHERE tickets.id = $1`,
      [ticket.id, MESSAGES],
    )
  } finally {
    await db.end()
  }
  const cookie = await webSession(urls.web, phone)
  return { cookie, access, paidOrderId: order.id, ticketId: ticket.id }
}
