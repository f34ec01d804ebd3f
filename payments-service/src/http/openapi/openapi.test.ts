import { describe, expect, it } from 'vitest'
import { useTestApp } from '../../test/app.ts'

type Operation = {
  operationId: string
  security?: unknown[]
  requestBody?: { content: { 'application/json': { schema: Record<string, unknown> } } }
  responses: Record<string, { content?: Record<string, { schema: unknown }> }>
}
type Document = {
  openapi: string
  paths: Record<string, Record<string, Operation>>
  components: { schemas: Record<string, unknown>; securitySchemes: Record<string, unknown> }
}

describe('OpenAPI document', () => {
  const t = useTestApp()

  it('is served at /api/schema/ as OpenAPI 3.1 with every spec auth call', async () => {
    const response = await t.api.get<Document>('/api/schema/')
    expect(response.status).toBe(200)
    const doc = response.body
    expect(doc.openapi).toBe('3.1.0')
    const operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`),
    )
    expect(operations).toEqual(
      expect.arrayContaining([
        'POST /api/auth/otp/send/',
        'POST /api/auth/register/',
        'POST /api/auth/login/',
        'POST /api/auth/password/reset/',
        'GET /api/auth/me/',
        'GET /api/me/',
        'POST /api/auth/token/refresh/',
        'POST /api/auth/logout/',
        'GET /api/auth/jwks/',
        'GET /.well-known/jwks.json',
        'GET /healthz',
        'GET /readyz',
      ]),
    )
  })

  it('describes bodies and answers from the same zod schemas the routes validate with', async () => {
    const doc = (await t.api.get<Document>('/api/schema/')).body
    const send = doc.paths['/api/auth/otp/send/']?.post
    expect(send?.requestBody?.content['application/json'].schema).toMatchObject({
      type: 'object',
      required: ['phone', 'purpose'],
      properties: { purpose: { enum: ['register', 'reset'] } },
    })
    expect(send?.responses['200']?.content?.['application/json']?.schema).toMatchObject({
      properties: { expires_in: { type: 'integer' }, dev_code: { type: 'string' } },
      required: ['expires_in'],
    })
    expect(Object.keys(send?.responses ?? {}).sort()).toEqual(['200', '400', '429'])
    const login = doc.paths['/api/auth/login/']?.post
    // 202: staff only, the second factor is needed (ADR 015); customers get 200 as before.
    expect(Object.keys(login?.responses ?? {}).sort()).toEqual([
      '200',
      '202',
      '400',
      '401',
      '403',
      '429',
    ])

    const me = doc.paths['/api/auth/me/']?.get
    expect(me?.security).toEqual([{ bearerAuth: [] }])
    expect(Object.keys(me?.responses ?? {}).sort()).toEqual(['200', '401'])
    expect(doc.components.schemas).toHaveProperty('FieldErrors')
  })

  it('documents identity and its limits', async () => {
    const doc = (await t.api.get<Document>('/api/schema/')).body
    const identity = doc.paths['/api/me/identity/']
    expect(identity?.get?.operationId).toBe('me_identity')
    expect(Object.keys(identity?.post?.responses ?? {}).sort()).toEqual([
      '200',
      '400',
      '401',
      '409',
      '429',
      '503',
    ])
    // Every route that may put a paid question says it can be over the daily cap (ADR 030).
    for (const path of [
      '/api/me/identity/cards/',
      '/api/payments/create/',
      '/api/payments/{id}/start/',
      '/api/payments/{id}/sheba/',
    ]) {
      expect(doc.paths[path]?.post?.responses, path).toHaveProperty('429')
    }
    const levels = doc.paths['/api/staff/identity-levels/']
    expect(Object.keys(levels ?? {}).sort()).toEqual(['get', 'put'])
    expect(Object.keys(levels?.put?.responses ?? {}).sort()).toEqual([
      '200',
      '400',
      '401',
      '403',
      '409',
    ])
    // An order above the customer's limit is a documented 403 at create and at start.
    expect(doc.paths['/api/payments/create/']?.post?.responses).toHaveProperty('403')
    expect(doc.paths['/api/payments/{id}/start/']?.post?.responses).toHaveProperty('403')
  })

  it('gives every operation a unique snake_case id', async () => {
    const doc = (await t.api.get<Document>('/api/schema/')).body
    const documented = Object.values(doc.paths).flatMap((methods) =>
      Object.values(methods).map((op) => op.operationId),
    )
    const ids = documented.filter((id, index) => documented.indexOf(id) === index)
    expect(ids).toHaveLength(documented.length)
    for (const id of ids) expect(id).toMatch(/^[a-z_]+$/)
  })

  it('has a readable, self-contained docs page at /api/docs/', async () => {
    const response = await t.api.get('/api/docs/')
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toContain('text/html')
    expect(response.text).toContain('/api/auth/otp/send/')
    expect(response.text).toContain('/api/auth/password/reset/')
    expect(response.text).not.toMatch(/<script|<link|src="http|href="http/)
  })
})
