import { execFile } from 'node:child_process'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { promisify } from 'node:util'
import {
  expect,
  type APIRequestContext,
  type APIResponse,
  type Browser,
  type Page,
} from '@playwright/test'
import { generate } from 'otplib'
import { ENROLMENT_LINK_PARAM } from '@arzpol/contracts/auth/staff'
import { uniquePhone } from './auth.ts'
import { countPrints } from './print.ts'
import { scanQrCode } from './qr.ts'

const run = promisify(execFile)
const ROOT = path.resolve(import.meta.dirname, '..', '..')

/**
 * A support (or admin) account made the way operators make one: payments-service's create-staff
 * command, pointed at the end-to-end stack's database (global setup exports its URL), or at a
 * replica stack's own (`databaseUrl`).
 */
export async function createStaff(options: {
  phone: string
  password: string
  role?: 'support' | 'admin'
  username?: string
  databaseUrl?: string
}): Promise<{ enrolmentLink: string | null }> {
  const databaseUrl = options.databaseUrl ?? process.env.E2E_DATABASE_URL
  if (!databaseUrl) throw new Error('E2E_DATABASE_URL is not set: run through global setup')
  const args = [
    'run',
    'create-staff',
    '-w',
    '@arzpol/payments-service',
    '--',
    '--phone',
    options.phone,
    '--password',
    options.password,
    '--role',
    options.role ?? 'support',
    ...(options.username ? ['--username', options.username] : []),
  ]
  const { stdout } = await run('npm', args, {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: databaseUrl },
  })
  expect(stdout).toMatch(/create-staff: (created|updated) (support|admin) #\d+/)
  // A staff account enrols its second factor only through the one-time link create-staff
  // prints (ADR 035). The link names the public web address; the tests open its path on theirs.
  const link = /enrolment link \(works once[^)]*\): (\S+)/.exec(stdout)?.[1]
  if (!link) return { enrolmentLink: null }
  const url = new URL(link)
  const enrolmentLink = `${url.pathname}${url.search}`
  enrolmentLinks.set(options.phone, enrolmentLink)
  return { enrolmentLink }
}

/** The last enrolment link create-staff printed for each phone this run made staff. */
const enrolmentLinks = new Map<string, string>()

/** The token of an account's enrolment link, for the JSON enrolment call. */
function enrolmentTokenOf(phone: string): string {
  const link = enrolmentLinks.get(phone)
  if (!link) throw new Error(`no enrolment link known for ${phone}: make it with createStaff`)
  const token = new URL(link, 'http://e2e.invalid').searchParams.get(ENROLMENT_LINK_PARAM)
  if (!token) throw new Error(`the enrolment link of ${phone} carries no token`)
  return token
}

/**
 * Opens the account's enrolment link in this page, as a new staff member opens the link they
 * were given, before signing in with the password.
 */
export async function openEnrolmentLink(page: Page, phone: string): Promise<void> {
  const link = enrolmentLinks.get(phone)
  if (!link) throw new Error(`no enrolment link known for ${phone}: make it with createStaff`)
  await page.goto(link)
}

/** The staff JSON API through web's public `/api` proxy, with a bearer token like any client. */
export interface StaffApi {
  get(path: string): Promise<APIResponse>
  post(path: string, data?: unknown): Promise<APIResponse>
}

/**
 * Staff sign in with a second factor (ADR 015). The TOTP secrets of the accounts this run
 * enrolled, by phone, with the newest 30-second step whose code was used: payments-service takes
 * each step once, so a second sign-in within the same step answers with the next step's code
 * (accepted one step ahead) and a third one waits for the clock.
 */
const enrolledStaff = new Map<string, { secret: string; lastStep: number }>()

const TOTP_PERIOD = 30

/** A code payments-service has not seen yet for this secret. */
export async function nextTotpCode(phone: string): Promise<string> {
  const entry = enrolledStaff.get(phone)
  if (!entry) throw new Error(`no TOTP secret known for ${phone}: enrol first`)
  const now = Date.now() / 1000
  const current = Math.floor(now / TOTP_PERIOD)
  const step = Math.max(current, entry.lastStep + 1)
  if (step > current + 1) {
    await new Promise((resolve) =>
      setTimeout(resolve, ((step - 1) * TOTP_PERIOD - now) * 1000 + 250),
    )
  }
  entry.lastStep = step
  return generate({ secret: entry.secret, epoch: step * TOTP_PERIOD })
}

/** Remembers an enrolment (the step of its confirming code counts as used). */
export function rememberTotpSecret(phone: string, secret: string, usedEpochSeconds: number) {
  enrolledStaff.set(phone, {
    secret: secret.replace(/\s+/g, ''),
    lastStep: Math.floor(usedEpochSeconds / TOTP_PERIOD),
  })
}

/** The code of the current step for a new secret (enrolment), remembered as used. */
export async function enrolmentCode(phone: string, secret: string): Promise<string> {
  const epoch = Math.floor(Date.now() / 1000)
  rememberTotpSecret(phone, secret, epoch)
  return generate({ secret: secret.replace(/\s+/g, ''), epoch })
}

export async function staffApi(
  request: APIRequestContext,
  phone: string,
  password: string,
): Promise<StaffApi> {
  const login = await request.post('/api/auth/login/', {
    data: { username: phone, phone, password },
  })
  expect(login.status(), await login.text()).toBe(202)
  const { challenge, code } = (await login.json()) as { challenge: string; code: string }
  let signedIn: APIResponse
  if (code === 'second_factor_enrolment_required') {
    const enrolment = await request.post('/api/auth/second-factor/enrolment/', {
      data: { challenge, link: enrolmentTokenOf(phone) },
    })
    expect(enrolment.status(), await enrolment.text()).toBe(200)
    const { secret } = (await enrolment.json()) as { secret: string }
    signedIn = await request.post('/api/auth/second-factor/enrolment/confirm/', {
      data: { challenge, code: await enrolmentCode(phone, secret) },
    })
  } else {
    signedIn = await request.post('/api/auth/second-factor/verify/', {
      data: { challenge, code: await nextTotpCode(phone) },
    })
  }
  expect(signedIn.status(), await signedIn.text()).toBe(200)
  const { access } = (await signedIn.json()) as { access: string }
  const headers = { Authorization: `Bearer ${access}` }
  return {
    get: (url) => request.get(url, { headers }),
    post: (url, data) => request.post(url, { headers, ...(data === undefined ? {} : { data }) }),
  }
}

/** A small real PNG (a 1×1 pixel), padded so an upload takes a moment on a slowed link. */
export function pngFile(paddingBytes = 0): Buffer {
  const pixel = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
    'base64',
  )
  return paddingBytes > 0 ? Buffer.concat([pixel, Buffer.alloc(paddingBytes)]) : pixel
}

/**
 * The first sign-in of a staff account in the browser, after the login form: enrol the
 * authenticator by scanning the QR code the page shows, confirm with its code, read the recovery
 * codes (shown once) and go on to the back office.
 */
export async function enrolInBrowser(
  page: Page,
  phone: string,
  options: { tryKeepingCodes?: boolean } = {},
): Promise<string[]> {
  await expect(page).toHaveURL(/\/auth\/second-factor$/)
  await expect(page.getByRole('heading', { name: 'فعال‌سازی تأیید دومرحله‌ای' })).toBeVisible()
  // The link opened before the password is held for this sign-in; showing the key uses it up.
  await page.getByRole('button', { name: 'نمایش کلید و کد QR' }).click()
  // As a phone's authenticator does: the key comes from scanning the QR code, and is the one the
  // page spells out for typing by hand.
  const scanned = await scanQrCode(page.getByTestId('totp-qr'))
  expect(scanned).toMatch(/^otpauth:\/\/totp\//)
  const secret = new URL(scanned!).searchParams.get('secret') ?? ''
  const typed = (await page.getByTestId('totp-secret').textContent()) ?? ''
  expect(typed.replace(/\s+/g, '')).toBe(secret)
  await page.getByLabel('کد شش‌رقمی برنامه').fill(await enrolmentCode(phone, secret))
  await page.getByRole('button', { name: 'فعال‌سازی و ورود' }).click()
  await expect(page).toHaveURL(/\/auth\/recovery-codes$/)
  // The address changes before the new page has drawn its list: wait for the codes themselves.
  const listed = page.getByTestId('recovery-codes').locator('li')
  await expect(listed).toHaveCount(10)
  const codes = await listed.allTextContents()
  if (options.tryKeepingCodes) await keepRecoveryCodes(page, codes)
  await page.getByRole('link', { name: /ورود به پنل پشتیبانی/ }).click()
  return codes
}

/**
 * Each way the recovery codes page offers to keep the codes: the text file downloads them all,
 * the copy button puts them on the clipboard (the context must allow it), the print button opens
 * the browser's print, and printed, the page is the codes without its buttons.
 */
async function keepRecoveryCodes(page: Page, codes: string[]) {
  const download = page.waitForEvent('download')
  await page.getByRole('button', { name: 'دریافت فایل متنی' }).click()
  const file = await (await download).path()
  const saved = readFileSync(file, 'utf8')
  for (const code of codes) expect(saved).toContain(code)

  await page.getByRole('button', { name: 'کپی کدها' }).click()
  await expect(page.getByText('کپی شد.')).toBeVisible()
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(codes.join('\n'))

  const prints = await countPrints(page)
  await page.getByRole('button', { name: 'چاپ کدها' }).click()
  expect(await prints()).toBe(1)
  await page.emulateMedia({ media: 'print' })
  await expect(page.getByRole('button', { name: 'کپی کدها' })).toBeHidden()
  await expect(page.getByTestId('recovery-codes')).toBeVisible()
  await page.emulateMedia({ media: 'screen' })
}

/**
 * A new staff account (create-staff CLI) signed in through the ordinary login form in a browser
 * context of its own, so a test can drive a customer and a staff member side by side. It enrols
 * its second factor on the way, as a new staff member does on their first sign-in.
 */
export async function signInAsStaff(
  browser: Browser,
  role: 'support' | 'admin' = 'support',
  options: { javaScriptEnabled?: boolean; tryKeepingCodes?: boolean } = {},
): Promise<{
  page: Page
  phone: string
  password: string
  username: string
  recoveryCodes: string[]
}> {
  const phone = uniquePhone()
  const password = `Staff-${role}-1404`
  const username = `${role}-${phone.slice(-6)}`
  await createStaff({ phone, password, role, username })
  const context = await browser.newContext({
    javaScriptEnabled: options.javaScriptEnabled ?? true,
    ...(options.tryKeepingCodes && { permissions: ['clipboard-read', 'clipboard-write'] }),
  })
  const page = await context.newPage()
  await openEnrolmentLink(page, phone)
  // The link's page leads to the back office's own sign-in.
  await page.getByRole('link', { name: 'ورود با رمز عبور' }).click()
  await expect(page).toHaveURL(/\/staff\/login$/)
  await expect(page.getByRole('heading', { name: 'ورود به پنل پشتیبانی' })).toBeVisible()
  await page.getByLabel('شماره موبایل').fill(phone)
  await page.getByLabel('رمز عبور', { exact: true }).fill(password)
  await page.getByRole('button', { name: 'ورود', exact: true }).click()
  const recoveryCodes = await enrolInBrowser(page, phone, options)
  await expect(page).toHaveURL(/\/staff$/)
  await expect(page.getByRole('heading', { name: 'میز کار پشتیبانی' })).toBeVisible()
  return { page, phone, password, username, recoveryCodes }
}

/**
 * The card of a proposal on /staff/approvals (four eyes) that shows every one of `texts` and,
 * given, links to `link` (the order or account it acts on).
 */
export function proposalCard(page: Page, which: { texts?: string[]; link?: string }) {
  let card = page.locator('[data-testid^="proposal-"]')
  for (const text of which.texts ?? []) card = card.filter({ hasText: text })
  if (which.link) card = card.filter({ has: page.locator(`a[href="${which.link}"]`) })
  return card
}

/** On `page`, signed in as a second staff member: approves that proposal with `reason`. */
export async function approveProposal(
  page: Page,
  which: { texts?: string[]; link?: string },
  reason: string,
) {
  await page.goto('/staff/approvals')
  const card = proposalCard(page, which)
  await card.getByLabel('دلیل تصمیم').fill(reason)
  await card.getByRole('button', { name: 'تأیید و انجام' }).click()
  await expect(page.getByText(/تأیید و انجام شد/)).toBeVisible()
}

/**
 * On a level-2 request's page: shows each photo in the viewer and waits until the browser has
 * drawn it (its opening is then on record), as an approval needs.
 */
export async function viewEveryPhoto(page: Page) {
  for (const kind of ['national_card', 'selfie']) {
    await page.getByTestId(`review-document-${kind}`).click()
    await expect(page.getByTestId(`review-document-state-${kind}`)).toHaveText('در حال مشاهده')
    const image = page.getByTestId('viewer-image')
    await expect(image).toBeVisible()
    await expect
      .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
      .toBe(true)
  }
}
