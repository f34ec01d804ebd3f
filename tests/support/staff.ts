import { execFile } from 'node:child_process'
import path from 'node:path'
import { promisify } from 'node:util'
import {
  expect,
  type APIRequestContext,
  type APIResponse,
  type Browser,
  type Page,
} from '@playwright/test'
import { logIn, uniquePhone } from './auth.ts'

const run = promisify(execFile)
const ROOT = path.resolve(import.meta.dirname, '..', '..')

/**
 * A support (or admin) account made the way operators make one: payments-service's create-staff
 * command, pointed at the end-to-end stack's database (global setup exports its URL).
 */
export async function createStaff(options: {
  phone: string
  password: string
  role?: 'support' | 'admin'
  username?: string
}): Promise<void> {
  const databaseUrl = process.env.E2E_DATABASE_URL
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
}

/** The staff JSON API through web's public `/api` proxy, with a bearer token like any client. */
export interface StaffApi {
  get(path: string): Promise<APIResponse>
  post(path: string, data?: unknown): Promise<APIResponse>
}

export async function staffApi(
  request: APIRequestContext,
  phone: string,
  password: string,
): Promise<StaffApi> {
  const login = await request.post('/api/auth/login/', {
    data: { username: phone, phone, password },
  })
  expect(login.status(), await login.text()).toBe(200)
  const { access } = (await login.json()) as { access: string }
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
 * A new staff account (create-staff CLI) signed in through the ordinary login form in a browser
 * context of its own, so a test can drive a customer and a staff member side by side.
 */
export async function signInAsStaff(
  browser: Browser,
  role: 'support' | 'admin' = 'support',
  options: { javaScriptEnabled?: boolean } = {},
): Promise<{ page: Page; phone: string; password: string; username: string }> {
  const phone = uniquePhone()
  const password = `Staff-${role}-1404`
  const username = `${role}-${phone.slice(-6)}`
  await createStaff({ phone, password, role, username })
  const context = await browser.newContext({ javaScriptEnabled: options.javaScriptEnabled ?? true })
  const page = await context.newPage()
  await logIn(page, phone, password)
  await expect(page).toHaveURL(/\/dashboard$/)
  await page.goto('/staff')
  await expect(page.getByRole('heading', { name: 'میز کار پشتیبانی' })).toBeVisible()
  return { page, phone, password, username }
}
