import type { IdentityStatus } from './identity-schemas.ts'

export type StepState = 'done' | 'current' | 'waiting' | 'locked'

/**
 * The verification steps in the order the customer takes them, each with its state: level 1
 * (automatic), a bank card of their own, the two level-2 photos, and staff's review.
 */
export function identitySteps(
  status: Pick<IdentityStatus, 'level' | 'level2'>,
  cardCount: number,
): { title: string; state: StepState }[] {
  const level1: StepState = status.level >= 1 ? 'done' : 'current'
  const after = (previousDone: boolean, done: boolean): StepState =>
    done ? 'done' : previousDone ? 'current' : 'locked'
  const { level2 } = status
  const reviewed = status.level >= 2 || level2.status === 'approved'
  const photosIn = reviewed || level2.status === 'pending' || level2.missing.length === 0
  const review: StepState = reviewed
    ? 'done'
    : level2.status === 'pending'
      ? 'waiting'
      : level2.status === 'rejected'
        ? 'current'
        : 'locked'
  return [
    { title: 'نام، کد ملی و تاریخ تولد', state: level1 },
    { title: 'ثبت کارت بانکی به نام خودتان', state: after(status.level >= 1, cardCount > 0) },
    {
      title: 'تصویر کارت ملی و عکس شما با کارت ملی',
      state: after(status.level >= 1, photosIn && level2.status !== 'rejected'),
    },
    { title: 'بررسی مدارک توسط پشتیبانی', state: review },
  ]
}
