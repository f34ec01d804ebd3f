import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { AccountStatusBadge } from './account-status.tsx'

const created = '2026-01-01T08:00:00.000Z'
const render = (account: Parameters<typeof AccountStatusBadge>[0]['account'], since = false) =>
  renderToStaticMarkup(createElement(AccountStatusBadge, { account, since }))

describe('AccountStatusBadge', () => {
  const active = { blocked: false, blocked_at: null, closed_at: null, created_at: created }
  const blocked = { ...active, blocked: true, blocked_at: '2026-02-01T08:00:00.000Z' }
  // A closed account is blocked too (a database check): the badge must still say closed.
  const closed = { ...blocked, closed_at: '2026-03-01T08:00:00.000Z' }

  it('says closed, not blocked, for a closed account, in the list and on the page', () => {
    expect(render(closed)).toContain('بسته')
    expect(render(closed)).not.toContain('مسدود')
    expect(render(closed, true)).toContain('بسته از ۱۴۰۴/۱۲/۱۰')
  })

  it('says blocked for a blocked account, with the time on the page', () => {
    expect(render(blocked)).toContain('مسدود')
    expect(render(blocked, true)).toContain('مسدود از ۱۴۰۴/۱۱/۱۲')
  })

  it('shows nothing for an active account in the list, and active on the page', () => {
    expect(render(active)).toBe('')
    expect(render(active, true)).toContain('فعال')
  })
})
