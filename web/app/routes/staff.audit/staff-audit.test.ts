import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { StaticRouter } from 'react-router-dom/server'
import { describe, expect, it } from 'vitest'
import { startStaffStandIn } from '../../../tests/http-stand-in.ts'
import { standInForFile } from '../../../tests/stand-in-for-file.ts'
import { expectData, signedInJar } from '../../../tests/utils.ts'
import { load } from '../dashboard/route-calls.test-support.ts'
import { StaffAuditTable, type StaffAuditEntry } from '~/features/staff-audit/staff-audit-ui.tsx'
import { loader as csvLoader } from '../staff.audit[.]csv.ts'
import { loader } from './route.tsx'

/**
 * The staff audit log's page and CSV export against a small stand-in for payments-service's
 * `GET /api/staff/audit/` and `GET /api/staff/audit/csv/` (admins only).
 */

const asked: string[] = []

const HASH = 'a3f1c09b7d2e4f6081b2c3d4e5f60718293a4b5c6d7e8f90a1b2c3d4e5f60718'
const ENTRIES: StaffAuditEntry[] = [
  {
    id: 3,
    created_at: '2026-11-25T08:30:00.000Z',
    actor: 'staff',
    actor_user: { id: 1, username: 'admin1' },
    action: 'order_moved',
    subject_type: 'order',
    subject_id: '42',
    data: { from: 'paid', to: 'in_progress', reason: 'staff', refund_id: null },
    hash: HASH,
  },
  {
    id: 2,
    created_at: '2026-11-25T08:00:00.000Z',
    actor: 'staff',
    actor_user: { id: 4, username: 'support1' },
    action: 'identity_review_decided',
    subject_type: 'identity_review',
    subject_id: '7',
    data: { decision: 'approved', level: 2 },
    hash: 'b'.repeat(64),
  },
  {
    id: 1,
    created_at: '2026-11-24T20:00:00.000Z',
    actor: 'cli',
    actor_user: null,
    action: 'staff_account_set',
    subject_type: 'user',
    subject_id: '5',
    data: { role: 'support', second_factor_reset: true },
    hash: 'c'.repeat(64),
  },
  {
    id: 0,
    created_at: '2026-11-24T19:00:00.000Z',
    actor: 'cms',
    actor_user: null,
    action: 'comment_moderated',
    subject_type: 'comment',
    subject_id: 'k3j4h5g6f7d8s9a0',
    data: { decision: 'spam', moderator: { id: 3, email: 'moderator@arzpol.local' } },
    hash: 'd'.repeat(64),
  },
]

const CSV = '\uFEFFid,created_at,actor,action\n3,2026-11-25T08:30:00.000Z,staff,order_moved\n'

await standInForFile(
  startStaffStandIn('admin1', (req, _body, send, res) => {
    const url = req.url ?? ''
    if (req.method !== 'GET') return
    if (url.startsWith('/api/staff/audit/csv/')) {
      asked.push(url)
      res.writeHead(200, {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': 'attachment; filename="arzpol-staff-audit.csv"',
      })
      return res.end(CSV)
    }
    if (url.startsWith('/api/staff/audit/')) {
      asked.push(url)
      return send(200, { count: 120, results: ENTRIES })
    }
  }),
  'PAYMENTS_URL',
  () => (asked.length = 0),
)

const admin = () => signedInJar({ sub: '1', role: 'admin' })
const support = () => signedInJar({ sub: '4', role: 'support' })

interface PageData {
  values: Record<string, string>
  errors: Record<string, string[]>
  page: number
  search: string
  count: number
  entries: StaffAuditEntry[]
}

const open = async (path: string) => expectData<PageData>(await load(loader, path, admin())).data

/** Remix's `data()` thrown as an error page: its status and Persian message. */
function thrownData(result: unknown): { status: number | undefined; message: string } {
  const value = result as { data: { message: string }; init: { status?: number } }
  return { status: value.init?.status, message: value.data?.message }
}

describe('/staff/audit', () => {
  it('lists the first page for an admin, in Persian, with links to what each row is about', async () => {
    const page = await open('/staff/audit')
    expect(asked).toEqual(['/api/staff/audit/?limit=50&offset=0'])
    expect([page.count, page.page, page.search]).toEqual([120, 1, ''])

    const html = renderToStaticMarkup(
      createElement(
        StaticRouter,
        { location: '/staff/audit' },
        createElement(StaffAuditTable, { entries: page.entries }),
      ),
    )
    const [moved, decided, cli, moderated] = html.split('<tr').slice(2)
    // Actions by their Persian labels, never by their codes.
    expect(moved).toContain('تغییر وضعیت سفارش')
    expect(decided).toContain('تصمیم درباره احراز هویت سطح ۲')
    expect(cli).toContain('ساخت یا بازنشانی حساب کارکنان از خط فرمان')
    expect(html).not.toMatch(/>(order_moved|identity_review_decided|staff_account_set)</)
    // Who: the staff member's name (opening their own actions), or the command line.
    expect(moved).toContain('href="/staff/audit?actor=1"')
    expect(moved).toContain('<bdi>admin1</bdi>')
    expect(cli).toContain('خط فرمان')
    // A moderator of the cms, by the email of their cms account; the comment by its id.
    expect(moderated).toContain('تصمیم ناظر درباره دیدگاه وبلاگ')
    expect(moderated).toContain('ناظر CMS: <bdi>moderator@arzpol.local</bdi>')
    expect(moderated).toContain('دیدگاه وبلاگ <bdi>k3j4h5g6f7d8s9a0</bdi>')
    // What about: an order and a level-2 review open their pages.
    expect(moved).toContain('سفارش')
    expect(moved).toContain('href="/staff/orders/42"')
    expect(moved).toContain('#۴۲')
    expect(decided).toContain('درخواست احراز هویت')
    expect(decided).toContain('href="/staff/identity/7"')
    expect(cli).toContain('href="/staff/users/5"')
    // Jalali time, details as key: value with the values isolated, numbers in Persian digits.
    // 08:30 UTC is 12:00 in Tehran, on 4 Azar 1405.
    expect(moved).toContain('۱۴۰۵/۰۹/۰۴ ساعت ۱۲:۰۰')
    expect(moved).toContain('<bdi class="break-all">in_progress</bdi>')
    expect(moved).toContain('<bdi class="break-all">—</bdi>')
    expect(decided).toContain('<bdi class="break-all">۲</bdi>')
    expect(cli).toContain('<bdi class="break-all">بله</bdi>')
    // The start of the link's hash, left to right.
    expect(moved).toMatch(/<code dir="ltr"[^>]*>a3f1c09b7d2e<\/code>/)
  })

  it('passes the filters on: the action, the id in Latin digits, Jalali days as Tehran days, the page as an offset', async () => {
    const page = await open(
      '/staff/audit?action=order_moved&actor=۱۲&from=۱۴۰۵/۰۹/۰۱&to=۱۴۰۵/۰۹/۰۵&page=3',
    )
    expect(asked).toEqual([
      '/api/staff/audit/?actor=12&action=order_moved&from=2026-11-22&to=2026-11-26&limit=50&offset=100',
    ])
    expect(page.errors).toEqual({})
    expect(page.values).toEqual({
      action: 'order_moved',
      actor: '۱۲',
      from: '۱۴۰۵/۰۹/۰۱',
      to: '۱۴۰۵/۰۹/۰۵',
    })
    // The pager and the CSV link keep the filters as they were typed, without the page.
    expect(Object.fromEntries(new URLSearchParams(page.search))).toEqual(page.values)
  })

  it('shows the Persian error of each wrong filter and still applies the others', async () => {
    const page = await open(
      '/staff/audit?action=drop_tables&actor=abc&from=1405/13/01&to=۱۴۰۵/۰۹/۰۵',
    )
    expect(page.errors).toEqual({
      action: ['نوع اقدام انتخاب‌شده معتبر نیست'],
      actor: ['شناسه کاربری را به صورت عدد وارد کنید (مثل ۱۲)'],
      from: ['تاریخ را به شکل ۱۴۰۴/۰۹/۰۱ وارد کنید'],
    })
    expect(asked).toEqual(['/api/staff/audit/?to=2026-11-26&limit=50&offset=0'])
    expect(page.search).toBe(`?${new URLSearchParams({ to: '۱۴۰۵/۰۹/۰۵' })}`)
    // What was typed comes back in the form.
    expect(page.values.actor).toBe('abc')
  })

  it('refuses an end day before the start day', async () => {
    const page = await open('/staff/audit?from=۱۴۰۵/۰۹/۰۵&to=۱۴۰۵/۰۹/۰۱&actor=0')
    expect(page.errors).toEqual({
      to: ['تاریخ پایان نباید پیش از تاریخ شروع باشد'],
      actor: ['شناسه کاربری را به صورت عدد وارد کنید (مثل ۱۲)'],
    })
    expect(asked).toEqual(['/api/staff/audit/?from=2026-11-26&limit=50&offset=0'])
  })
})

describe('/staff/audit.csv', () => {
  it('streams payments-service’s CSV of the same filters on as a download', async () => {
    const response = (await load(
      csvLoader,
      '/staff/audit.csv?action=rates_changed&actor=1&from=۱۴۰۵/۰۹/۰۱',
      admin(),
    )) as Response
    expect(response.status).toBe(200)
    expect(asked).toEqual(['/api/staff/audit/csv/?actor=1&action=rates_changed&from=2026-11-22'])
    expect(response.headers.get('Content-Disposition')).toBe(
      'attachment; filename="arzpol-staff-audit.csv"',
    )
    expect(response.headers.get('Cache-Control')).toBe('private, no-store')
    expect(response.headers.get('X-Content-Type-Options')).toBe('nosniff')
    // Byte for byte, the BOM included (spreadsheets need it to read the Persian labels).
    const bytes = await response.arrayBuffer()
    expect(new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes)).toBe(CSV)
  })

  it('answers wrong filters in Persian and asks payments-service nothing', async () => {
    const response = (await load(csvLoader, '/staff/audit.csv?from=فردا', admin())) as Response
    expect(response.status).toBe(400)
    expect(await response.text()).toBe('تاریخ را به شکل ۱۴۰۴/۰۹/۰۱ وارد کنید')
    expect(asked).toEqual([])
  })
})

describe('a support member', () => {
  it('is refused the page with the admin-only page, before anything is asked', async () => {
    const refused = await load(loader, '/staff/audit?action=order_moved', support()).catch(
      (error: unknown) => error,
    )
    expect(thrownData(refused)).toEqual({
      status: 403,
      message: 'این بخش فقط برای مدیران سامانه است.',
    })
    expect(asked).toEqual([])
  })

  it('is refused the export in Persian, before anything is asked', async () => {
    const response = (await load(csvLoader, '/staff/audit.csv', support())) as Response
    expect(response.status).toBe(403)
    expect(await response.text()).toBe('این بخش فقط برای مدیران سامانه است.')
    expect(asked).toEqual([])
  })
})
