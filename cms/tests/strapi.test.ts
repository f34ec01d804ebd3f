import type { Core } from '@strapi/strapi'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'

import { createTestStrapi, destroyStrapi, listen, makeTempDir, setEnv, testEnv } from './harness'

interface Permission {
  action: string
  subject: string | null
  properties: { fields?: string[] }
}

const temp = makeTempDir()
let restoreEnv: () => void = () => {}

beforeAll(() => {
  // No demo content: this file is about the admin user and the HTTP server (content.test.ts seeds).
  restoreEnv = setEnv({ ...testEnv(`${temp.dir}/cms.db`), CMS_SEED: 'false' })
})

afterAll(() => {
  restoreEnv()
  temp.cleanup()
})

const adminCreatedLines = (info: { mock: { calls: unknown[][] } }) =>
  info.mock.calls
    .map((call) => String(call[0]))
    .filter((line) => line.startsWith('Strapi admin created'))

async function loadWithLogSpy() {
  const strapi = createTestStrapi()
  const info = vi.spyOn(strapi.log, 'info')
  await strapi.load()
  return { strapi, info }
}

describe('strapi boot', () => {
  let strapi: Core.Strapi

  it('creates the super-admin from the environment on the first start', async () => {
    const first = await loadWithLogSpy()
    strapi = first.strapi
    expect(adminCreatedLines(first.info)).toEqual(['Strapi admin created: admin@arzpol.test'])
    const users = await strapi.db.query('admin::user').findMany({ populate: ['roles'] })
    expect(users).toHaveLength(1)
    expect(users[0]).toMatchObject({
      email: 'admin@arzpol.test',
      firstname: 'مدیر',
      isActive: true,
    })
    expect(users[0].roles.map((role: { code: string }) => role.code)).toEqual([
      'strapi-super-admin',
    ])
  })

  it('is configured from the environment, with the offline switches on', () => {
    expect(strapi.config.get('server.host')).toBe('127.0.0.1')
    expect(strapi.config.get('server.url')).toBe('http://127.0.0.1:1337')
    expect(strapi.config.get('server.proxy.koa')).toBe(false)
    expect(strapi.config.get('server.logger.updates.enabled')).toBe(false)
    expect(strapi.config.get('admin.flags.nps')).toBe(false)
    expect(strapi.config.get('uuid')).toBeFalsy() // no telemetry id in package.json
    expect(strapi.config.get('database.connection.connection.filename')).toBe(`${temp.dir}/cms.db`)
  })

  it('creates the editor and moderator roles with their permissions', async () => {
    const roles = await strapi.db.query('admin::role').findMany({
      where: { code: { $in: ['arzpol-editor', 'arzpol-moderator'] } },
      populate: ['permissions'],
    })
    const byCode = Object.fromEntries(
      roles.map((role: { code: string; permissions: Permission[] }) => [
        role.code,
        role.permissions,
      ]),
    ) as Record<string, Permission[]>
    const actions = (code: string, subject: string) =>
      (byCode[code] ?? [])
        .filter((p) => p.subject === subject)
        .map((p) => p.action.replace('plugin::content-manager.explorer.', ''))
        .sort()
    expect(actions('arzpol-editor', 'api::post.post')).toEqual([
      'create',
      'delete',
      'publish',
      'read',
      'update',
    ])
    expect(actions('arzpol-editor', 'api::comment.comment')).toEqual([])
    expect(actions('arzpol-moderator', 'api::comment.comment')).toEqual([
      'delete',
      'read',
      'update',
    ])
    expect(actions('arzpol-moderator', 'api::post.post')).toEqual(['read'])
    // The phrases that hold comments (ADR 036) are the moderators' to keep, not the editors'.
    expect(actions('arzpol-moderator', 'api::comment-rule.comment-rule')).toEqual([
      'create',
      'delete',
      'read',
      'update',
    ])
    expect(actions('arzpol-editor', 'api::comment-rule.comment-rule')).toEqual([])
    const moderatorUpdate = byCode['arzpol-moderator']?.find((p) => p.action.endsWith('.update'))
    expect(moderatorUpdate?.properties.fields).toEqual(['moderationStatus', 'moderatorNote'])
  })

  it('shows moderators status, text and author first in the comment list', async () => {
    const config = (await strapi
      .plugin('content-manager')
      .service('content-types')
      .findConfiguration({ uid: 'api::comment.comment' })) as {
      layouts: { list: string[] }
      settings: { defaultSortBy: string }
    }
    expect(config.layouts.list.slice(0, 4)).toEqual([
      'id',
      'moderationStatus',
      'content',
      'authorUsername',
    ])
    expect(config.settings.defaultSortBy).toBe('createdAt')
  })

  it('answers GET /_health with 204 and unknown API paths with 404', async () => {
    const base = await listen(strapi)
    expect((await fetch(`${base}/_health`)).status).toBe(204)
    expect((await fetch(`${base}/api/no-such-type`)).status).toBe(404)
    await destroyStrapi(strapi)
  })

  it('does not create a second admin on the next start', async () => {
    const second = await loadWithLogSpy()
    try {
      expect(adminCreatedLines(second.info)).toEqual([])
      expect(await second.strapi.db.query('admin::user').count()).toBe(1)
      expect(
        await second.strapi.db
          .query('admin::role')
          .count({ where: { code: { $in: ['arzpol-editor', 'arzpol-moderator'] } } }),
      ).toBe(2)
    } finally {
      await destroyStrapi(second.strapi)
    }
  })

  it('refuses to start with a bad CMS_PORT, naming the variable', () => {
    const undo = setEnv({ CMS_PORT: 'not-a-port' })
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {})
    try {
      expect(() => createTestStrapi()).toThrow(/CMS_PORT: must be a port number/)
      expect(consoleError).toHaveBeenCalledWith(expect.stringContaining('CMS_PORT'))
    } finally {
      consoleError.mockRestore()
      undo()
    }
  })
})
