import { factories } from '@strapi/strapi'

import {
  JwksUnavailableError,
  SessionCheckUnavailableError,
  bearerToken,
  isSessionOpen,
  sessionCheckUrl,
  verifyCustomerToken,
} from '../../../comments/customer-token'
import { submitComment } from '../../../comments/submit'
import { loadCmsEnv } from '../../../env'

/** Visitors only ever see approved comments, whatever filters they send. */
function approvedOnly(query: Record<string, unknown> | undefined): Record<string, unknown> {
  const filters = query?.filters
  return {
    ...query,
    filters: filters
      ? { $and: [filters, { moderationStatus: 'approved' }] }
      : { moderationStatus: 'approved' },
  }
}

export default factories.createCoreController('api::comment.comment', ({ strapi }) => ({
  async find(ctx) {
    ctx.query = approvedOnly(ctx.query)
    return super.find(ctx)
  },

  async findOne(ctx) {
    // The document service adds the route's documentId to these filters.
    ctx.query = { ...ctx.query, filters: { moderationStatus: 'approved' } }
    return super.findOne(ctx)
  },

  /**
   * POST /api/comments with the customer's payments-service access token as bearer token (there
   * are no Strapi accounts for customers). Answers 201 with the comment, whose `moderationStatus` tells web
   * whether it is visible already ('approved') or waits for a moderator ('pending' / 'spam').
   *
   * The token's signature is checked here against the JWKS; then payments-service is asked
   * whether the token's session is still open (a blocked or closed account, a logout), and an
   * answer it could not give refuses the comment too (503).
   */
  async submit(ctx) {
    const env = loadCmsEnv()
    if (!env.PAYMENTS_JWKS_URL) {
      return ctx.serviceUnavailable('ثبت دیدگاه فعلاً ممکن نیست (PAYMENTS_JWKS_URL تنظیم نشده است).')
    }
    const token = bearerToken(ctx.request.header.authorization)
    if (!token) return ctx.unauthorized('برای ارسال دیدگاه وارد حساب کاربری شوید.')
    let customer
    try {
      customer = await verifyCustomerToken(token, {
        jwksUrl: env.PAYMENTS_JWKS_URL,
        issuer: env.PAYMENTS_JWT_ISSUER,
      })
    } catch (error) {
      if (!(error instanceof JwksUnavailableError)) throw error
      strapi.log.error(`${error.message}: ${String(error.reason)}`)
      return ctx.serviceUnavailable('ورود شما الان قابل بررسی نیست؛ کمی بعد دوباره تلاش کنید.')
    }
    if (!customer) return ctx.unauthorized('نشست شما نامعتبر است یا به پایان رسیده است.')
    let open
    try {
      open = await isSessionOpen(token, customer, { url: sessionCheckUrl(env.PAYMENTS_JWKS_URL) })
    } catch (error) {
      if (!(error instanceof SessionCheckUnavailableError)) throw error
      strapi.log.error(`${error.message}: ${String(error.reason)}`)
      return ctx.serviceUnavailable('ورود شما الان قابل بررسی نیست؛ کمی بعد دوباره تلاش کنید.')
    }
    if (!open) return ctx.unauthorized('از حساب خارج شده‌اید؛ دوباره وارد شوید.')

    const result = await submitComment(strapi, customer, (ctx.request as { body?: unknown }).body, {
      requireApproval: env.CMS_COMMENTS_REQUIRE_APPROVAL,
    })
    if (!result.ok) {
      const details = result.path
        ? { errors: [{ path: [result.path], message: result.message }] }
        : {}
      return result.status === 404
        ? ctx.notFound(result.message, details)
        : ctx.badRequest(result.message, details)
    }
    const sanitized = await super.sanitizeOutput(result.comment, ctx)
    ctx.status = 201
    return super.transformResponse(sanitized)
  },
}))
