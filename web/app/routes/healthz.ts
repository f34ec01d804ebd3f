import type { HealthResponse } from '@arzpol/contracts'

export function loader() {
  const body: HealthResponse = { status: 'ok', service: 'web' }
  return Response.json(body, { headers: { 'Cache-Control': 'no-store' } })
}
