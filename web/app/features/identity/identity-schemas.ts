import { CardListOut, CardOut } from '@arzpol/contracts/identity/cards'
import {
  IdentityDocumentUploadOut,
  IdentityStatusWithLevel2Out,
} from '@arzpol/contracts/identity/documents'
import {
  InquiryPageOut,
  ReviewDetailOut,
  ReviewPageOut,
  StaffIdentityHistoryOut,
} from '@arzpol/contracts/identity/review'
import { LevelLimitsOut } from '@arzpol/contracts/identity/staff'
import { wire, type Wire } from '@arzpol/contracts/wire'
import type { z } from 'zod'

/**
 * The identity answers of payments-service as web reads them: the contract's schemas in their
 * JSON form (`wire`: dates are ISO strings), and the types the identity pages and components
 * render. No server code, so components may take the types from here.
 */

export const identityStatusSchema = wire(IdentityStatusWithLevel2Out)
export type IdentityStatus = Wire<z.output<typeof IdentityStatusWithLevel2Out>>
export type Level2State = IdentityStatus['level2']

export const cardSchema = wire(CardOut)
export const cardListSchema = wire(CardListOut)
export type Card = Wire<z.output<typeof CardOut>>

export const documentUploadSchema = wire(IdentityDocumentUploadOut)

export const levelLimitsSchema = wire(LevelLimitsOut)
export type LevelLimitsRow = Wire<z.output<typeof LevelLimitsOut>>['levels'][number]

export const reviewPageSchema = wire(ReviewPageOut)
export type ReviewSummary = Wire<z.output<typeof ReviewPageOut>>['results'][number]

export const reviewDetailSchema = wire(ReviewDetailOut)
export type ReviewDetail = Wire<z.output<typeof ReviewDetailOut>>

export const inquiryPageSchema = wire(InquiryPageOut)
export type Inquiry = Wire<z.output<typeof InquiryPageOut>>['results'][number]

export const identityHistorySchema = wire(StaffIdentityHistoryOut)
export type IdentityHistory = Wire<z.output<typeof StaffIdentityHistoryOut>>
