import { z } from 'zod'

export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete'

export interface ResponseDoc {
  description: string
  schema?: z.ZodType
  /** A file instead of JSON: the handler's body (a stream or Buffer) is sent as it is. */
  binary?: { mediaTypes: readonly string[] }
}

/** How a route names and explains itself, in its declaration and in the document alike. */
export interface OperationText {
  operationId: string
  summary: string
  description?: string
}

/** What one route tells the document about itself; routes add these through `defineRoute`. */
export interface OperationDoc extends OperationText {
  method: HttpMethod
  /** Koa form: `/api/payments/:id/start/`. */
  path: string
  tags: string[]
  secured: boolean
  body?: z.ZodType
  /** Media types the body is accepted in; JSON unless a route also reads multipart. */
  bodyMediaTypes?: readonly string[]
  query?: z.ZodType
  params?: z.ZodType
  responses: Record<number, ResponseDoc>
  errors: number[]
}

type JsonSchema = Record<string, unknown>

const ERROR_DETAIL: JsonSchema = {
  type: 'object',
  properties: {
    detail: { type: 'string', description: 'Persian message for the customer' },
    code: { type: 'string', description: 'stable snake_case identifier' },
  },
  required: ['detail'],
}

const FIELD_ERRORS: JsonSchema = {
  type: 'object',
  description:
    'Django REST style: request field name → Persian messages; `non_field_errors` for problems not tied to one field',
  additionalProperties: { type: 'array', items: { type: 'string' } },
}

const RATE_LIMITED: JsonSchema = {
  type: 'object',
  properties: {
    detail: { type: 'string' },
    code: { type: 'string' },
    retry_after: { type: 'integer', description: 'seconds until a retry can succeed' },
  },
  required: ['detail', 'code', 'retry_after'],
}

const ERROR_REF: JsonSchema = { $ref: '#/components/schemas/ErrorDetail' }

const ERROR_RESPONSES: Record<number, { description: string; schema: JsonSchema }> = {
  400: {
    description: 'Invalid input',
    schema: { oneOf: [{ $ref: '#/components/schemas/FieldErrors' }, ERROR_REF] },
  },
  401: { description: 'Missing, invalid or expired credentials', schema: ERROR_REF },
  403: { description: 'Not allowed', schema: ERROR_REF },
  404: { description: 'Not found', schema: ERROR_REF },
  409: { description: 'Conflicts with the current state', schema: ERROR_REF },
  410: { description: 'Gone: used up, expired or replaced by a newer one', schema: ERROR_REF },
  413: { description: 'Payload too large', schema: ERROR_REF },
  415: { description: 'Unsupported media type', schema: ERROR_REF },
  422: {
    description: 'Well-formed but refused (e.g. an Idempotency-Key reused)',
    schema: ERROR_REF,
  },
  429: { description: 'Too many requests', schema: { $ref: '#/components/schemas/RateLimited' } },
  502: { description: 'An upstream party (the bank) failed or refused', schema: ERROR_REF },
  503: { description: 'Not ready', schema: ERROR_REF },
}

function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, {
    io,
    target: 'draft-2020-12',
    unrepresentable: 'any',
  }) as JsonSchema
  return rest
}

const toOpenApiPath = (path: string) => path.replace(/:([A-Za-z0-9_]+)/g, '{$1}')

function parameters(schema: z.ZodType | undefined, location: 'query' | 'path'): JsonSchema[] {
  if (!schema) return []
  const object = jsonSchema(schema, 'input')
  const properties = (object.properties ?? {}) as Record<string, JsonSchema>
  const required = new Set((object.required ?? []) as string[])
  return Object.entries(properties).map(([name, property]) => ({
    name,
    in: location,
    required: location === 'path' || required.has(name),
    schema: property,
  }))
}

export class OpenApiRegistry {
  private readonly operations: OperationDoc[] = []
  private cached: JsonSchema | undefined

  add(operation: OperationDoc): void {
    const duplicate = this.operations.find((known) => known.operationId === operation.operationId)
    if (duplicate) throw new Error(`duplicate operationId ${operation.operationId}`)
    this.operations.push(operation)
    this.cached = undefined
  }

  list(): readonly OperationDoc[] {
    return this.operations
  }

  document(): JsonSchema {
    this.cached ??= this.build()
    return this.cached
  }

  private build(): JsonSchema {
    const paths: Record<string, Record<string, JsonSchema>> = {}
    for (const op of this.operations) {
      const responses: Record<string, JsonSchema> = {}
      for (const [status, response] of Object.entries(op.responses)) {
        responses[status] = {
          description: response.description,
          ...(response.schema && {
            content: { 'application/json': { schema: jsonSchema(response.schema, 'output') } },
          }),
          ...(response.binary && {
            content: Object.fromEntries(
              response.binary.mediaTypes.map((type) => [
                type,
                { schema: { type: 'string', format: 'binary' } },
              ]),
            ),
          }),
        }
      }
      for (const status of op.errors) {
        const known = ERROR_RESPONSES[status]
        if (!known) throw new Error(`${op.operationId}: no standard error response for ${status}`)
        responses[String(status)] = {
          description: known.description,
          content: { 'application/json': { schema: known.schema } },
          ...(status === 429 && {
            headers: { 'Retry-After': { schema: { type: 'integer' } } },
          }),
        }
      }
      const path = (paths[toOpenApiPath(op.path)] ??= {})
      path[op.method] = {
        operationId: op.operationId,
        summary: op.summary,
        ...(op.description && { description: op.description }),
        tags: op.tags,
        ...(op.secured && { security: [{ bearerAuth: [] }] }),
        parameters: [...parameters(op.params, 'path'), ...parameters(op.query, 'query')],
        ...(op.body && {
          requestBody: {
            required: true,
            content: Object.fromEntries(
              (op.bodyMediaTypes ?? ['application/json']).map((type) => [
                type,
                { schema: jsonSchema(op.body as z.ZodType, 'input') },
              ]),
            ),
          },
        }),
        responses,
      }
    }
    return {
      openapi: '3.1.0',
      info: {
        title: 'ArzPol payments-service',
        version: '1.0.0',
        description:
          'Identity, OTP, orders, quotes, gateway and tickets for ArzPol. Errors follow Django REST: `{"detail": "..."}` or `{"field": ["..."]}`, in Persian.',
      },
      paths,
      components: {
        securitySchemes: {
          bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT (EdDSA)' },
        },
        schemas: {
          ErrorDetail: ERROR_DETAIL,
          FieldErrors: FIELD_ERRORS,
          RateLimited: RATE_LIMITED,
        },
      },
    }
  }
}
