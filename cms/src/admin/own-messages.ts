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

export const OWN_MESSAGES_PERSIAN: Record<string, string> = {
  'arzpol.held-comments.title': 'دیدگاه‌های در انتظار بررسی',
  'arzpol.held-comments.link': 'بررسی دیدگاه‌ها',
  'arzpol.held-comments.waiting': '{count, plural, other {# دیدگاه منتظر تصمیم شماست.}}',
  'arzpol.held-comments.none': 'دیدگاهی در انتظار بررسی نیست.',
}
