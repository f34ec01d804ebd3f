/**
 * Messages of our own admin additions (not Strapi's): each with its English default, which the
 * English interface shows, and its Persian text.
 */

export const HELD_COMMENTS_MESSAGES = {
  title: { id: 'arzpol.held-comments.title', defaultMessage: 'Comments waiting for review' },
  link: { id: 'arzpol.held-comments.link', defaultMessage: 'Review them' },
  waiting: {
    id: 'arzpol.held-comments.waiting',
    defaultMessage:
      '{count, plural, one {# comment waits} other {# comments wait}} for a decision.',
  },
  none: { id: 'arzpol.held-comments.none', defaultMessage: 'No comment is waiting.' },
}

/** Approving or hiding many comments at once, from the comment list (bulk-moderation.tsx). */
export const BULK_MODERATION_MESSAGES = {
  approveAction: { id: 'arzpol.bulk-moderation.approve', defaultMessage: 'Approve' },
  hideAction: { id: 'arzpol.bulk-moderation.hide', defaultMessage: 'Hide as spam' },
  approveTitle: {
    id: 'arzpol.bulk-moderation.approve-title',
    defaultMessage: 'Approve {count, plural, one {# comment} other {# comments}}',
  },
  hideTitle: {
    id: 'arzpol.bulk-moderation.hide-title',
    defaultMessage: 'Hide {count, plural, one {# comment} other {# comments}} as spam',
  },
  approveIntro: {
    id: 'arzpol.bulk-moderation.approve-intro',
    defaultMessage:
      'Readers will see {count, plural, one {this comment} other {these # comments}} under the post. The reason is recorded with each decision.',
  },
  hideIntro: {
    id: 'arzpol.bulk-moderation.hide-intro',
    defaultMessage:
      'Readers will no longer see {count, plural, one {this comment} other {these # comments}}. The reason is recorded with each decision.',
  },
  reasonLabel: { id: 'arzpol.bulk-moderation.reason', defaultMessage: 'Reason for the decision' },
  reasonRequired: {
    id: 'arzpol.bulk-moderation.reason-required',
    defaultMessage: 'Write why you decide this way.',
  },
  cancel: { id: 'arzpol.bulk-moderation.cancel', defaultMessage: 'Cancel' },
  approveConfirm: { id: 'arzpol.bulk-moderation.approve-confirm', defaultMessage: 'Approve' },
  hideConfirm: { id: 'arzpol.bulk-moderation.hide-confirm', defaultMessage: 'Hide' },
  approvedMany: {
    id: 'arzpol.bulk-moderation.approved',
    defaultMessage: '{count, plural, one {# comment} other {# comments}} approved.',
  },
  hiddenMany: {
    id: 'arzpol.bulk-moderation.hidden',
    defaultMessage: '{count, plural, one {# comment} other {# comments}} hidden as spam.',
  },
  failedMany: {
    id: 'arzpol.bulk-moderation.failed',
    defaultMessage:
      'The decision on {count, plural, one {# comment} other {# comments}} was not made.',
  },
}

/** Every message of our additions, for the test that each has its Persian text. */
export const OWN_MESSAGES = [
  ...Object.values(HELD_COMMENTS_MESSAGES),
  ...Object.values(BULK_MODERATION_MESSAGES),
]

export const OWN_MESSAGES_PERSIAN: Record<string, string> = {
  'arzpol.held-comments.title': 'دیدگاه‌های در انتظار بررسی',
  'arzpol.held-comments.link': 'بررسی دیدگاه‌ها',
  'arzpol.held-comments.waiting': '{count, plural, other {# دیدگاه منتظر تصمیم شماست.}}',
  'arzpol.held-comments.none': 'دیدگاهی در انتظار بررسی نیست.',
  'arzpol.bulk-moderation.approve': 'تأیید',
  'arzpol.bulk-moderation.hide': 'پنهان کردن (هرزنامه)',
  'arzpol.bulk-moderation.approve-title': 'تأیید {count, plural, other {# دیدگاه}}',
  'arzpol.bulk-moderation.hide-title':
    'پنهان کردن {count, plural, other {# دیدگاه}} به‌عنوان هرزنامه',
  'arzpol.bulk-moderation.approve-intro':
    '{count, plural, one {این دیدگاه} other {این # دیدگاه}} زیر نوشته به خوانندگان نشان داده می‌شود. دلیل با هر تصمیم ثبت می‌شود.',
  'arzpol.bulk-moderation.hide-intro':
    '{count, plural, one {این دیدگاه} other {این # دیدگاه}} دیگر به خوانندگان نشان داده نمی‌شود. دلیل با هر تصمیم ثبت می‌شود.',
  'arzpol.bulk-moderation.reason': 'دلیل تصمیم',
  'arzpol.bulk-moderation.reason-required': 'بنویسید چرا این تصمیم را می‌گیرید.',
  'arzpol.bulk-moderation.cancel': 'انصراف',
  'arzpol.bulk-moderation.approve-confirm': 'تأیید',
  'arzpol.bulk-moderation.hide-confirm': 'پنهان کردن',
  'arzpol.bulk-moderation.approved': '{count, plural, other {# دیدگاه تأیید شد.}}',
  'arzpol.bulk-moderation.hidden': '{count, plural, other {# دیدگاه به‌عنوان هرزنامه پنهان شد.}}',
  'arzpol.bulk-moderation.failed': 'تصمیم دربارهٔ {count, plural, other {# دیدگاه}} گرفته نشد.',
}
