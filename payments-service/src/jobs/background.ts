import type { Services } from '../composition.ts'
import type { AppDeps } from '../http/context.ts'
import { scheduleAuthCleanup } from '../modules/auth/cleanup.ts'
import { scheduleInquiryChargePurge } from '../modules/identity/inquiry-caps.ts'
import { scheduleIdentityDocumentPurge } from '../modules/identity/purge.ts'
import { scheduleOrderExpiry } from '../modules/orders/expiry.ts'
import { scheduleCredentialWipe } from '../modules/orders/fulfilment/retention.ts'
import { scheduleReconciliation } from '../modules/orders/settlement/reconciliation.ts'
import { scheduleStaffAuditPublishing } from '../modules/staff-audit/publish.ts'

/**
 * Every queue of the job engine and what runs its jobs (ADR 032), declared once per process:
 * by main.ts before it starts the engine, and by the test app (which never polls; tests run
 * what is due with `deps.jobs.runDue` or `trigger`).
 */
export function declareBackgroundJobs(deps: AppDeps, services: Services): void {
  // Expired OTP challenges, old login failures and dead refresh tokens.
  scheduleAuthCleanup(deps)
  // Unpaid orders past their rate lock + ORDER_EXPIRE_AFTER_MINUTES.
  scheduleOrderExpiry(deps)
  // Bank payments whose callback never arrived: verified or reversed by asking the bank.
  scheduleReconciliation(deps, services.orders.customer, services.orders.gateway)
  // Site passwords of orders finished CREDENTIALS_RETENTION_DAYS ago.
  scheduleCredentialWipe(deps)
  // Identity documents of accounts closed IDENTITY_DOCUMENT_RETENTION_DAYS ago.
  scheduleIdentityDocumentPurge(deps)
  // Daily-cap records of paid inquiries older than a week (ADR 030).
  scheduleInquiryChargePurge(deps)
  // The staff audit chain's head, out of the database's reach (ADR 031).
  scheduleStaffAuditPublishing(deps)
}
