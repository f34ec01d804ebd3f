import { expect, test } from '@playwright/test'
import { e2eUrls } from '../support/ports.ts'

test.describe('health endpoints', () => {
  test('payments-service is live and its database ready', async ({ request }) => {
    const live = await request.get(`${e2eUrls.payments}/healthz`)
    expect(live.status()).toBe(200)
    expect(await live.json()).toMatchObject({ status: 'ok' })
    const ready = await request.get(`${e2eUrls.payments}/readyz`)
    expect(ready.status()).toBe(200)
  })

  test('cms answers its health check', async ({ request }) => {
    const response = await request.get(`${e2eUrls.cms}/_health`)
    expect(response.ok()).toBe(true)
  })

  test('the sandbox bank answers its health check', async ({ request }) => {
    const response = await request.get(`${e2eUrls.sandboxBank}/healthz`)
    expect(response.ok()).toBe(true)
  })

  test('web answers its health check', async ({ request }) => {
    const response = await request.get('/healthz')
    expect(response.status()).toBe(200)
    expect(await response.json()).toMatchObject({ status: 'ok' })
  })

  test('web proxies the JSON API of payments-service on the public origin', async ({ request }) => {
    const response = await request.get('/api/auth/me/')
    // Reaching payments-service through web: its Django-REST-style 401, not web's 404 page.
    expect(response.status()).toBe(401)
    expect(await response.json()).toHaveProperty('detail')
  })
})
