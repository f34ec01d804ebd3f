import { mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeEach } from 'vitest'
import type { Role } from '../models/user.model.ts'
import { useTestApp, type TestApp } from './app.ts'
import { insertUser } from './factories.ts'
import type { TestResponse } from './http.ts'
import type { DepsOverrides } from '../deps.ts'
import { seedTicketCategories } from '../modules/tickets/categories.ts'

/** Test helpers for the ticketing module (its own, so other modules' helpers stay untouched). */

export const TICKET_REPLY_TEMPLATE = 'arzpol-ticket-reply'

export interface TicketingTestApp extends TestApp {
  readonly attachmentsDir: string
}

/**
 * The real app on its own database, with attachments in a throw-away folder, the Kavenegar fake
 * knowing a ticket-reply template, and the seeded categories put back before every test (the
 * harness empties every table).
 */
export function useTicketingApp(
  options: { env?: Record<string, string>; overrides?: DepsOverrides } = {},
): TicketingTestApp {
  const attachmentsDir = mkdtempSync(path.join(os.tmpdir(), 'arzpol-attachments-test-'))
  const t = useTestApp({
    env: {
      ATTACHMENTS_DIR: attachmentsDir,
      KAVENEGAR_TICKET_REPLY_TEMPLATE: TICKET_REPLY_TEMPLATE,
      ...options.env,
    },
    ...(options.overrides && { overrides: options.overrides }),
  })
  beforeEach(async () => {
    await seedTicketCategories(t.deps.db)
    rmSync(attachmentsDir, { recursive: true, force: true })
    mkdirSync(attachmentsDir)
  })
  afterAll(() => rmSync(attachmentsDir, { recursive: true, force: true }))
  return Object.defineProperty(t, 'attachmentsDir', { value: attachmentsDir }) as TicketingTestApp
}

/** A user straight in the database and a valid access token for them. */
export async function signedIn(
  t: TestApp,
  fields: { role?: Role; username?: string } = {},
): Promise<{ id: number; phone: string; token: string }> {
  const user = await insertUser(t.deps, { role: fields.role ?? 'customer' })
  if (fields.username) {
    await t.deps.db('users').where({ id: user.id }).update({ username: fields.username })
    user.username = fields.username
  }
  return { id: user.id, phone: user.phone, token: await t.deps.tokens.signAccess(user) }
}

export async function categoryId(t: TestApp, slug = 'payment'): Promise<number> {
  const row = await t.deps.db('ticket_categories').where({ slug }).first<{ id: number }>()
  if (!row) throw new Error(`no category ${slug}`)
  return row.id
}

export interface UploadPart {
  name: string
  data: Buffer | Uint8Array
  /** What the client claims; the service must ignore it. */
  type?: string
}

/** A multipart POST the way a browser sends one (fetch + FormData). */
export async function postMultipart<T = Record<string, unknown>>(
  t: TestApp,
  url: string,
  fields: Record<string, string>,
  file: (UploadPart & { field?: string }) | null,
  token?: string,
): Promise<TestResponse<T>> {
  const form = new FormData()
  for (const [name, value] of Object.entries(fields)) form.append(name, value)
  if (file) {
    form.append(
      file.field ?? 'file',
      new Blob([new Uint8Array(file.data)], { type: file.type ?? 'application/octet-stream' }),
      file.name,
    )
  }
  const response = await fetch(`${t.api.url}${url}`, {
    method: 'POST',
    body: form,
    headers: { Accept: 'application/json', ...(token && { Authorization: `Bearer ${token}` }) },
  })
  const text = await response.text()
  const isJson = (response.headers.get('content-type') ?? '').includes('json')
  return {
    status: response.status,
    headers: response.headers,
    body: (isJson && text ? JSON.parse(text) : undefined) as T,
    text,
  }
}

/** Small but real files: each starts with its format's magic bytes. */
export const SAMPLE_FILES = {
  // A 1×1 transparent PNG.
  png: Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
    'base64',
  ),
  jpeg: Buffer.concat([
    Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]),
    Buffer.from('JFIF\0', 'latin1'),
    Buffer.alloc(64, 0),
    Buffer.from([0xff, 0xd9]),
  ]),
  gif: Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64'),
  webp: Buffer.concat([
    Buffer.from('RIFF', 'latin1'),
    Buffer.from([0x1a, 0, 0, 0]),
    Buffer.from('WEBPVP8 ', 'latin1'),
    Buffer.alloc(18, 0),
  ]),
  pdf: Buffer.from(
    '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << >>\n%%EOF\n',
    'latin1',
  ),
  // A Windows executable's header ("MZ" … "PE\0\0"): what a renamed .exe starts with.
  exe: (() => {
    const data = Buffer.alloc(512, 0)
    data.write('MZ', 0, 'latin1')
    data.writeUInt32LE(0x80, 0x3c)
    data.write('PE\0\0', 0x80, 'latin1')
    return data
  })(),
  // An ELF binary header.
  elf: Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.alloc(120, 0)]),
  svg: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
  html: Buffer.from('<!doctype html><script>alert(document.cookie)</script>'),
  zip: Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(60, 0)]),
} as const
