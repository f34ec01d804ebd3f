import type { LoaderFunctionArgs } from '@remix-run/node'
import {
  LIVE_QUEUES,
  liveQueueResponse,
  type LiveQueue,
} from '~/features/staff/live-queue.server.ts'
import { requireStaff } from '~/features/staff/staff.server.ts'

/** GET /staff/live?queue=order|ticket: a staff queue's changes as Server-Sent Events (ADR 043). */
export async function loader({ request }: LoaderFunctionArgs) {
  const { headers } = await requireStaff(request)
  const queue = new URL(request.url).searchParams.get('queue')
  if (!LIVE_QUEUES.includes(queue as LiveQueue)) throw new Response('Not found', { status: 404 })
  return liveQueueResponse(request, queue as LiveQueue, headers)
}
