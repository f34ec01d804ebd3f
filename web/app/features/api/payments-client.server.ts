import type { ApiErrorBody } from '@arzpol/contracts'
import type { z } from 'zod'
import { getEnv } from '~/utils/env.server.ts'
import { getLogger } from '~/utils/logger.server.ts'
import { requestIdHeader } from '~/utils/request-id.server.ts'
import { forwardedHeaders } from '~/utils/request-meta.server.ts'

/**
 * The one client web uses to call payments-service server to server (docs/product/api.md), in three
 * modes: JSON (`body`), multipart (`form`: ticket attachments, order documents) and streaming
 * (`stream`: file downloads passed on to the browser). Every call carries the bearer token when
 * given and the request id / client address of the browser's request (ADR 016). Success bodies
 * are checked with zod; failures come back as values, never as exceptions, carrying the
 * Django-REST-style error body so actions can show the server's message.
 */

const JSON_TIMEOUT_MS = 10_000
/** Uploads and downloads may take longer than a JSON call. */
const FILE_TIMEOUT_MS = 60_000

export type PaymentsFailure = {
  ok: false
  /** The upstream status; 503 when payments-service is unreachable, 502 for an unreadable body. */
  status: number
  body: ApiErrorBody | null
  /** Seconds, from Retry-After or `retry_after`, on 429. */
  retryAfter?: number
  unreachable?: boolean
}

export type PaymentsResult<T> = { ok: true; status: number; data: T } | PaymentsFailure

export type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE'

export interface CallOptions<S extends z.ZodType | null> {
  method?: Method
  /** A JSON body. */
  body?: unknown
  /** A multipart body; fetch gives it its boundary. */
  form?: FormData
  token?: string
  /** Extra request headers (e.g. Idempotency-Key). */
  headers?: Record<string, string>
  /** The success body's schema; null when the answer has none worth reading. */
  schema: S
}

type Output<S> = S extends z.ZodType ? z.output<S> : null

function url(path: string): string {
  return getEnv().PAYMENTS_URL.replace(/\/+$/, '') + path
}

/** What every call says about itself: who asks (the token) and for which browser request. */
function identity(request: Request | null, token: string | undefined): Record<string, string> {
  return {
    ...(request ? forwardedHeaders(request) : requestIdHeader()),
    ...(token ? { Authorization: `Bearer ${token}` } : {}),
  }
}

export async function call<S extends z.ZodType | null>(
  request: Request | null,
  path: string,
  { method = 'GET', body, form, token, schema, headers: extra }: CallOptions<S>,
): Promise<PaymentsResult<Output<S>>> {
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'Accept-Language': 'fa',
    ...identity(request, token),
    ...extra,
  }
  if (body !== undefined && !form) headers['Content-Type'] = 'application/json'
  const response = await send(path, {
    method,
    headers,
    body: form ?? (body === undefined ? undefined : JSON.stringify(body)),
    signal: AbortSignal.timeout(form ? FILE_TIMEOUT_MS : JSON_TIMEOUT_MS),
  })
  return response instanceof Response ? readAnswer(response, schema, method, path) : response
}

/** One request to payments-service; the 503 failure when it cannot be reached. */
async function send(path: string, init: RequestInit): Promise<Response | PaymentsFailure> {
  try {
    return await fetch(url(path), { ...init, redirect: 'manual' })
  } catch (error) {
    getLogger().error(
      { err: error, method: init.method ?? 'GET', path },
      'payments-service could not be reached',
    )
    return { ok: false, status: 503, body: null, unreachable: true }
  }
}

/** An answer's body checked with `schema` (null: not read further), or the failure. */
async function readAnswer<S extends z.ZodType | null>(
  response: Response,
  schema: S,
  method: string,
  path: string,
): Promise<PaymentsResult<Output<S>>> {
  const json = await readJson(response)
  if (!response.ok) return failure(response, json)
  if (schema === null) return { ok: true, status: response.status, data: null as Output<S> }
  const parsed = schema.safeParse(json)
  if (parsed.success) return { ok: true, status: response.status, data: parsed.data as Output<S> }
  getLogger().error({ method, path }, 'payments-service answered an unexpected body')
  return { ok: false, status: 502, body: null }
}

/**
 * A conditional GET (ADR 043): with the version the caller holds (`If-None-Match`), answers
 * `unchanged` when payments-service says it is still current (304: it read nothing and sent
 * nothing), else the body with its new version.
 */
export async function callIfChanged<S extends z.ZodType>(
  request: Request,
  path: string,
  { token, schema, version }: { token: string; schema: S; version: string | null },
): Promise<
  | { ok: true; unchanged: true; version: string }
  | { ok: true; unchanged: false; version: string | null; data: z.output<S> }
  | PaymentsFailure
> {
  const response = await send(path, {
    headers: {
      Accept: 'application/json',
      'Accept-Language': 'fa',
      ...identity(request, token),
      ...(version ? { 'If-None-Match': version } : {}),
    },
    signal: AbortSignal.timeout(JSON_TIMEOUT_MS),
  })
  if (!(response instanceof Response)) return response
  const etag = response.headers.get('ETag')
  if (response.status === 304) return { ok: true, unchanged: true, version: etag ?? version ?? '' }
  const answer = await readAnswer(response, schema, 'GET', path)
  if (!answer.ok) return answer
  return { ok: true, unchanged: false, version: etag, data: answer.data as z.output<S> }
}

/**
 * A download's raw answer, to be streamed on to the browser (see `streamDownload`); null when
 * payments-service could not be reached.
 */
export async function stream(
  request: Request,
  path: string,
  { token }: { token: string },
): Promise<Response | null> {
  try {
    return await fetch(url(path), {
      headers: identity(request, token),
      redirect: 'manual',
      signal: AbortSignal.timeout(FILE_TIMEOUT_MS),
    })
  } catch (error) {
    getLogger().error({ err: error, path }, 'payments-service download failed')
    return null
  }
}

/** Every Persian message in an error body (field lists and `detail`), in order. */
export function errorMessages(body: ApiErrorBody | null): string[] {
  if (!body || typeof body !== 'object') return []
  return Object.entries(body).flatMap(([key, value]) => {
    if (key === 'code' || key === 'retry_after') return []
    if (typeof value === 'string') return [value]
    if (Array.isArray(value))
      return value.filter((item): item is string => typeof item === 'string')
    return []
  })
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text().catch(() => '')
  if (!text) return null
  try {
    return JSON.parse(text)
  } catch {
    return null
  }
}

function failure(response: Response, json: unknown): PaymentsFailure {
  const body = json !== null && typeof json === 'object' ? (json as ApiErrorBody) : null
  const result: PaymentsFailure = { ok: false, status: response.status, body }
  if (response.status === 429) {
    const retryAfter = retryAfterSeconds(response.headers.get('Retry-After'), body)
    if (retryAfter !== undefined) result.retryAfter = retryAfter
  }
  return result
}

function retryAfterSeconds(header: string | null, body: ApiErrorBody | null): number | undefined {
  const fromBody = body && 'retry_after' in body ? Number(body.retry_after) : NaN
  if (Number.isFinite(fromBody) && fromBody >= 0) return Math.ceil(fromBody)
  const fromHeader = header === null ? NaN : Number(header)
  if (Number.isFinite(fromHeader) && fromHeader >= 0) return Math.ceil(fromHeader)
  if (header) {
    const date = Date.parse(header)
    if (!Number.isNaN(date)) return Math.max(0, Math.ceil((date - Date.now()) / 1000))
  }
  return undefined
}
