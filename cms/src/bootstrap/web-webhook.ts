import type { Core } from '@strapi/strapi'

import type { CmsEnv } from '../env'

/** Name of the webhook this code manages (editors see it under Settings → Webhooks). */
export const WEB_WEBHOOK_NAME = 'web: drop cached content'

export const WEB_WEBHOOK_EVENTS = [
  'entry.create',
  'entry.update',
  'entry.delete',
  'entry.publish',
  'entry.unpublish',
]

interface Webhook {
  id: string | number
  name: string
  url: string
  headers: Record<string, string>
  events: string[]
  isEnabled: boolean
}

interface WebhookStore {
  findWebhooks(): Promise<Webhook[]>
  createWebhook(data: Omit<Webhook, 'id'>): Promise<Webhook>
  updateWebhook(id: Webhook['id'], data: Omit<Webhook, 'id'>): Promise<Webhook>
}

interface WebhookRunner {
  add(webhook: Webhook): void
  update(webhook: Webhook): void
}

export function webhookUrl(env: CmsEnv): string | null {
  if (env.CMS_WEBHOOK_URL) return env.CMS_WEBHOOK_URL
  return env.WEB_URL ? `${env.WEB_URL.replace(/\/+$/, '')}/resources/cms-webhook` : null
}

/**
 * Tells web when content changes, so it drops its cached copy: Strapi's own webhook (events
 * entry.create/update/delete/publish/unpublish, JSON body `{ event, model, uid, entry }`) with
 * `Authorization: Bearer <CMS_WEBHOOK_SECRET>`. Kept in sync with the environment at every start;
 * disabled when WEB_URL or the secret is missing.
 */
export async function ensureWebWebhook(
  strapi: Core.Strapi,
  env: CmsEnv,
): Promise<'enabled' | 'disabled'> {
  const store = strapi.get('webhookStore') as WebhookStore
  const runner = strapi.get('webhookRunner') as WebhookRunner
  const url = webhookUrl(env)
  const enabled = Boolean(url && env.CMS_WEBHOOK_SECRET)
  const data: Omit<Webhook, 'id'> = {
    name: WEB_WEBHOOK_NAME,
    url: url ?? 'http://127.0.0.1/unset',
    headers: enabled ? { Authorization: `Bearer ${env.CMS_WEBHOOK_SECRET ?? ''}` } : {},
    events: WEB_WEBHOOK_EVENTS,
    isEnabled: enabled,
  }
  const existing = (await store.findWebhooks()).find((webhook) => webhook.name === WEB_WEBHOOK_NAME)
  if (existing) {
    runner.update(await store.updateWebhook(existing.id, data))
  } else if (enabled) {
    runner.add(await store.createWebhook(data))
  }
  return enabled ? 'enabled' : 'disabled'
}
