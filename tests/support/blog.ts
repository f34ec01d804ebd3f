import { spawn, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { existsSync } from 'node:fs'
import net from 'node:net'
import path from 'node:path'
import { expect, type APIRequestContext } from '@playwright/test'
import { e2eUrls } from './ports.ts'

const ROOT = path.resolve(import.meta.dirname, '..', '..')

/** The super-admin global setup creates in the throw-away cms. */
export const CMS_ADMIN = { email: 'admin@arzpol.local', password: 'ArzPol-e2e-1404' }

export function persianDigits(value: number | string): string {
  return String(value).replace(/\d/g, (d) => '۰۱۲۳۴۵۶۷۸۹'[Number(d)]!)
}

// ---------------------------------------------------------------------------------------------
// The cms, as an editor uses it: the Strapi admin API (content-manager)

export interface CmsAdmin {
  createPost(data: Record<string, unknown>): Promise<{ documentId: string; id: number }>
  createComment(data: Record<string, unknown>): Promise<{ documentId: string }>
  updateComment(documentId: string, data: Record<string, unknown>): Promise<void>
}

export async function cmsAdmin(request: APIRequestContext): Promise<CmsAdmin> {
  const login = await request.post(`${e2eUrls.cms}/admin/login`, { data: CMS_ADMIN })
  expect(login.status(), await login.text()).toBe(200)
  const { token } = ((await login.json()) as { data: { token: string } }).data
  const headers = { Authorization: `Bearer ${token}` }
  const base = `${e2eUrls.cms}/content-manager/collection-types`
  return {
    async createPost(data) {
      // Create and publish in one call, as the admin's "Publish" button on a new entry does.
      const response = await request.post(`${base}/api::post.post/actions/publish`, {
        headers,
        data,
      })
      expect(response.status(), await response.text()).toBe(200)
      return ((await response.json()) as { data: { documentId: string; id: number } }).data
    },
    async createComment(data) {
      const response = await request.post(`${base}/api::comment.comment`, { headers, data })
      expect(response.status(), await response.text()).toBe(201)
      return ((await response.json()) as { data: { documentId: string } }).data
    },
    async updateComment(documentId, data) {
      const response = await request.put(`${base}/api::comment.comment/${documentId}`, {
        headers,
        data,
      })
      expect(response.status(), await response.text()).toBe(200)
    },
  }
}

/** A new customer registered through payments-service's API; returns their access token. */
export async function registerCustomerApi(
  request: APIRequestContext,
  phone: string,
  password: string,
): Promise<string> {
  const sent = await request.post(`${e2eUrls.payments}/api/auth/otp/send/`, {
    data: { phone, purpose: 'register' },
  })
  expect(sent.status(), await sent.text()).toBe(200)
  const { dev_code: code } = (await sent.json()) as { dev_code: string }
  const registered = await request.post(`${e2eUrls.payments}/api/auth/register/`, {
    data: { phone, password, code },
  })
  expect(registered.status(), await registered.text()).toBe(201)
  return ((await registered.json()) as { access: string }).access
}

/** Runs `task` over `items` with at most `limit` at a time. */
export async function eachLimit<T>(items: T[], limit: number, task: (item: T) => Promise<void>) {
  let next = 0
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) await task(items[next++]!)
    }),
  )
}

// ---------------------------------------------------------------------------------------------
// An outage on demand: a TCP proxy in front of the cms

export interface SwitchableProxy {
  url: string
  /** Refuses connections, as a stopped cms does. */
  stop(): Promise<void>
  /** Accepts connections and never answers, as a hung cms does. */
  hang(): void
  /** Forwards to the cms again. */
  start(): Promise<void>
  close(): Promise<void>
}

export async function startSwitchableProxy(target: string, port = 0): Promise<SwitchableProxy> {
  const { hostname, port: targetPort } = new URL(target)
  const sockets = new Set<net.Socket>()
  let mode: 'forward' | 'hang' = 'forward'
  const server = net.createServer((client) => {
    sockets.add(client)
    client.on('close', () => sockets.delete(client))
    client.on('error', () => undefined)
    if (mode === 'hang') return
    const upstream = net.connect(Number(targetPort), hostname)
    sockets.add(upstream)
    upstream.on('close', () => sockets.delete(upstream))
    upstream.on('error', () => client.destroy())
    client.on('error', () => upstream.destroy())
    client.pipe(upstream).pipe(client)
  })
  const listen = () =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject)
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject)
        resolve()
      })
    })
  const close = () =>
    new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy()
      if (!server.listening) return resolve()
      server.close(() => resolve())
    })
  await listen()
  port = (server.address() as net.AddressInfo).port
  return {
    url: `http://127.0.0.1:${port}`,
    stop: close,
    hang: () => {
      mode = 'hang'
      for (const socket of sockets) socket.destroy()
    },
    start: async () => {
      mode = 'forward'
      if (!server.listening) await listen()
    },
    close,
  }
}

// ---------------------------------------------------------------------------------------------
// A second web instance from the production build global setup made

export interface WebInstance {
  url: string
  /** What the server printed (for a failing test's report). */
  output(): string
  /** Resolves with the exit code (or signal name). */
  exited: Promise<number | string>
  /** One signal to the server's process group (SIGTERM tests), without waiting. */
  signal(signal: NodeJS.Signals): void
  stop(): Promise<void>
}

/**
 * Starts web's production server on the shared stack's build (as a second instance behind a
 * load balancer would run), with its own environment. It does not rebuild web.
 */
export async function startWebInstance(options: {
  port: number
  cmsUrl: string
  paymentsUrl?: string
  env?: Record<string, string>
}): Promise<WebInstance> {
  const url = `http://127.0.0.1:${options.port}`
  const webDir = path.join(ROOT, 'web')
  const buildDir = process.env.E2E_WEB_BUILD_DIR
  const serverBuild = buildDir ? path.join(buildDir, 'server', 'index.js') : ''
  if (!existsSync(serverBuild)) {
    throw new Error("web's build is missing: global setup builds it (E2E_WEB_BUILD_DIR)")
  }
  let output = ''
  // node with tsx's loader, as the launcher runs it (the tsx CLI SIGKILLs a busy child on SIGTERM).
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', 'server/main.ts', serverBuild],
    {
      cwd: webDir,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        ...process.env,
        NODE_ENV: 'production',
        APP_ENV: 'development',
        HOST: '127.0.0.1',
        PORT: String(options.port),
        PAYMENTS_URL: options.paymentsUrl ?? e2eUrls.payments,
        CMS_URL: options.cmsUrl,
        WEB_PUBLIC_URL: url,
        SESSION_SECRET: randomBytes(32).toString('hex'),
        CMS_WEBHOOK_SECRET: randomBytes(16).toString('hex'),
        ...options.env,
      },
    },
  )
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()))
  const exited = new Promise<number | string>((resolve) =>
    child.once('exit', (code, signal) => resolve(code ?? signal ?? 'unknown')),
  )
  const signal = (name: NodeJS.Signals) => {
    if (child.pid !== undefined && child.exitCode === null) process.kill(-child.pid, name)
  }

  const stop = async () => {
    if (child.exitCode !== null || child.pid === undefined) return
    process.kill(-child.pid, 'SIGTERM')
    const timer = setTimeout(() => child.pid && process.kill(-child.pid, 'SIGKILL'), 5_000)
    await exited
    clearTimeout(timer)
  }

  const deadline = Date.now() + 30_000
  for (;;) {
    if (child.exitCode !== null) throw new Error(`web instance exited:\n${output}`)
    try {
      const response = await fetch(`${url}/healthz`)
      if (response.ok) break
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop()
      throw new Error(`web instance did not start:\n${output}`)
    }
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  return { url, stop, exited, signal, output: () => output }
}
