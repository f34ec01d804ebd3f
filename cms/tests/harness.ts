import fs from 'node:fs'
import type { AddressInfo } from 'node:net'
import { createRequire } from 'node:module'
import os from 'node:os'
import path from 'node:path'

import type * as StrapiModule from '@strapi/strapi'
import type { Core } from '@strapi/strapi'

import { cmsDir, testDistDir } from './paths'

const require = createRequire(import.meta.url)

/** The compiled module of a src/ file (what Strapi itself runs), typed from its source. */
export function requireCompiled<T>(srcRelative: string): T {
  return require(path.join(testDistDir, 'src', srcRelative)) as T
}

/**
 * A private folder for one test file's SQLite database; removed by `cleanup()`. In memory
 * (/dev/shm) where available: Strapi's boot writes a lot and each fsync on disk costs.
 */
export function makeTempDir() {
  const root = fs.existsSync('/dev/shm') ? '/dev/shm' : os.tmpdir()
  const dir = fs.mkdtempSync(path.join(root, 'arzpol-cms-test-'))
  return { dir, cleanup: () => fs.rmSync(dir, { recursive: true, force: true }) }
}

/** A complete, valid cms environment with throw-away secrets. */
export function testEnv(databaseFile: string): Record<string, string> {
  const key = (name: string) => `test-${name}-0123456789abcdef`
  return {
    CMS_HOST: '127.0.0.1',
    CMS_PORT: '1337',
    CMS_LOG_LEVEL: 'warn',
    CMS_DATABASE_FILENAME: databaseFile,
    CMS_APP_KEYS: [key('app-1'), key('app-2')].join(','),
    CMS_API_TOKEN_SALT: key('api-token-salt'),
    CMS_ADMIN_JWT_SECRET: key('admin-jwt'),
    CMS_TRANSFER_TOKEN_SALT: key('transfer-salt'),
    CMS_JWT_SECRET: key('jwt'),
    CMS_ENCRYPTION_KEY: key('encryption'),
    CMS_ADMIN_EMAIL: 'Admin@ArzPol.test',
    CMS_ADMIN_PASSWORD: 'Test-Admin-1404',
  }
}

/** Sets variables in process.env (Strapi's config files read it) and returns the undo. */
export function setEnv(values: Record<string, string | undefined>): () => void {
  const previous = Object.fromEntries(Object.keys(values).map((name) => [name, process.env[name]]))
  const apply = (next: Record<string, string | undefined>) => {
    for (const [name, value] of Object.entries(next)) {
      if (value === undefined) delete process.env[name]
      else process.env[name] = value
    }
  }
  apply(values)
  return () => apply(previous)
}

/** Strapi's CommonJS build (its ESM build fails on a lodash/fp directory import under vitest). */
export function strapiModule(): typeof StrapiModule {
  return require('@strapi/strapi') as typeof StrapiModule
}

/** Creates a Strapi instance on the compiled test build; call `.load()` to register + bootstrap. */
export function createTestStrapi(): Core.Strapi {
  return strapiModule().createStrapi({ appDir: cmsDir, distDir: testDistDir })
}

/** Starts the HTTP server of a loaded instance on a free port and returns its base URL. */
export async function listen(strapi: Core.Strapi): Promise<string> {
  await new Promise<void>((resolve) => strapi.server.listen(0, '127.0.0.1', () => resolve()))
  const { port } = strapi.server.httpServer.address() as AddressInfo
  return `http://127.0.0.1:${port}`
}

/**
 * `strapi.destroy()` ends with `process.removeAllListeners()`, which also removes the listeners
 * vitest's fork worker needs to talk to the main process: put them back afterwards.
 */
export async function destroyStrapi(strapi: Core.Strapi): Promise<void> {
  const emitter: NodeJS.EventEmitter = process
  const saved = emitter.eventNames().map((name) => [name, emitter.listeners(name)] as const)
  try {
    await strapi.destroy()
  } finally {
    for (const [name, listeners] of saved) {
      const current = emitter.listeners(name)
      for (const listener of listeners) {
        if (!current.includes(listener)) emitter.on(name, listener as (...args: unknown[]) => void)
      }
    }
  }
}

export interface TestCms {
  strapi: Core.Strapi
  /** Where it listens, e.g. `http://127.0.0.1:41234`. */
  base: string
  /** The cms environment it was started with (the test defaults and `env` over them). */
  env: Record<string, string | undefined>
  /** Shuts it down, puts process.env back and removes its database. */
  stop(): Promise<void>
}

/**
 * A loaded cms listening on a free port, on a SQLite file of its own, with `env` over the test
 * environment (a variable set to undefined is removed). If it fails to start, what was set up is
 * undone before the error is thrown.
 */
export async function startTestCms(env: Record<string, string | undefined> = {}): Promise<TestCms> {
  const temp = makeTempDir()
  const cmsEnv = { ...testEnv(`${temp.dir}/cms.db`), ...env }
  const restoreEnv = setEnv(cmsEnv)
  let strapi: Core.Strapi | undefined
  const stop = async () => {
    if (strapi) await destroyStrapi(strapi)
    restoreEnv()
    temp.cleanup()
  }
  try {
    strapi = createTestStrapi()
    await strapi.load()
    return { strapi, base: await listen(strapi), env: cmsEnv, stop }
  } catch (error) {
    await stop()
    throw error
  }
}
