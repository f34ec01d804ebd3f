import type { OrderDetail } from './order-schemas.ts'

/**
 * What a customer sees change on an order, in one short token: its stage, its newest timeline
 * event and where its money back stands. The order page hands it to its live stream, which
 * tells the page only when the order's token differs (ADR 043).
 */
export function orderVersion(order: Pick<OrderDetail, 'stage' | 'events' | 'money_back'>): string {
  const newest = order.events.reduce((max, event) => Math.max(max, event.id), 0)
  const moneyBack = order.money_back.map((item) => item.status).join('.')
  return `${order.stage}.${newest}.${moneyBack}`
}
