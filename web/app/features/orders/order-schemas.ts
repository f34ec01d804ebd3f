import { DailyRateOut, PaymentTypeOut, RateOut } from '@arzpol/contracts/catalog/customer'
import type { MoneyBackOut, OrderEventOut } from '@arzpol/contracts/orders/customer'
import {
  DocumentOut,
  CustomerOrderDetailOut,
  CustomerOrderOut,
  CustomerOrderWithMissingOut,
  QuoteChanged,
  QuoteExpired,
  StartResponse,
} from '@arzpol/contracts/orders/customer'
import { wire, type Wire } from '@arzpol/contracts/wire'
import { z } from 'zod'

/**
 * The order answers of payments-service as web reads them: the contract's response
 * schemas in their JSON form (`wire`: dates are ISO strings), checked at the boundary, and the
 * types the order pages and components render. No server code, so components may take the
 * types from here.
 */

export const paymentTypeSchema = PaymentTypeOut

export const orderSchema = wire(CustomerOrderOut)
export type Order = Wire<z.output<typeof CustomerOrderOut>>

export const orderWithMissingSchema = wire(CustomerOrderWithMissingOut)

export type OrderEvent = Wire<z.output<typeof OrderEventOut>>

/** Where is my money: a return of the order's money, or money held to return. */
export type MoneyBack = Wire<z.output<typeof MoneyBackOut>>

/** An order page's answer; `money_back` is always a list once read (the contract may omit it). */
export const orderDetailSchema = wire(CustomerOrderDetailOut).transform((detail) => ({
  ...detail,
  money_back: detail.money_back ?? [],
}))
export type OrderDetail = z.output<typeof orderDetailSchema>

export const startSchema = StartResponse
export type StartAnswer = z.output<typeof StartResponse>

export const rateSchema = wire(RateOut)

export const dailyRatesSchema = z.array(DailyRateOut)
export type DailyRate = z.output<typeof DailyRateOut>

export const quoteExpiredSchema = QuoteExpired

/** Create refused the quote the form sent (ADR 013); `quote` is the new one, with its token. */
export const quoteChangedSchema = wire(QuoteChanged)

export const documentSchema = wire(DocumentOut)
export type OrderDocument = Wire<z.output<typeof DocumentOut>>
