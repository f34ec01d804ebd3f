import { once } from 'node:events'
import http from 'node:http'
import type { AddressInfo } from 'node:net'

export interface ReceivedRequest {
  method: string
  path: string
  contentType: string
  form: Record<string, string>
}

/**
 * A local stand-in for Kavenegar's HTTP API (the vendor is the one party we fake): it records
 * every request and answers like the real verify/lookup endpoint (docs/product/domain.md).
 */
export async function startFakeKavenegar() {
  const received: ReceivedRequest[] = []
  let nextFailure: { httpStatus: number; returnStatus: number; message: string } | undefined

  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = []
    for await (const chunk of req) chunks.push(chunk as Buffer)
    const form = Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')))
    received.push({
      method: req.method ?? '',
      path: req.url ?? '',
      contentType: req.headers['content-type'] ?? '',
      form,
    })
    const failure = nextFailure
    nextFailure = undefined
    res.setHeader('Content-Type', 'application/json; charset=utf-8')
    if (failure) {
      res.statusCode = failure.httpStatus
      res.end(
        JSON.stringify({
          return: { status: failure.returnStatus, message: failure.message },
          entries: null,
        }),
      )
      return
    }
    res.end(
      JSON.stringify({
        return: { status: 200, message: 'تایید شد' },
        entries: [
          {
            messageid: received.length,
            message: form.token ?? '',
            status: 5,
            statustext: 'ارسال به مخابرات',
            sender: '10004346',
            receptor: form.receptor ?? '',
            date: Math.floor(Date.now() / 1000),
            cost: 120,
          },
        ],
      }),
    )
  })
  server.listen(0, '127.0.0.1')
  await once(server, 'listening')
  const { port } = server.address() as AddressInfo

  const baseUrl = `http://127.0.0.1:${port}`
  return {
    baseUrl,
    /** The variables that point the service's Kavenegar provider at this fake. */
    env: {
      SMS_PROVIDER: 'kavenegar',
      KAVENEGAR_API_KEY: 'test-api-key',
      KAVENEGAR_TEMPLATE: 'arzpol-otp',
      KAVENEGAR_BASE_URL: baseUrl,
    },
    received,
    /** Codes sent to one phone, oldest first. */
    codesFor: (phone: string) =>
      received.filter((r) => r.form.receptor === phone).map((r) => r.form.token ?? ''),
    failNext(httpStatus: number, returnStatus: number, message: string) {
      nextFailure = { httpStatus, returnStatus, message }
    },
    reset() {
      received.length = 0
      nextFailure = undefined
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

export type FakeKavenegar = Awaited<ReturnType<typeof startFakeKavenegar>>
