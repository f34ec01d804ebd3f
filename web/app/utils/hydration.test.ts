import { describe, expect, it } from 'vitest'
import { shouldHydrate } from './hydration.ts'

const root = { id: 'root', handle: undefined, data: {} }

/** Does a page hydrate whose routes below the root (outermost first) have these handles? */
const hydrates = (...handles: unknown[]) =>
  shouldHydrate([root, ...handles.map((handle, depth) => ({ id: `routes/r${depth}`, handle }))])

describe('shouldHydrate', () => {
  it('hydrates by default', () => {
    expect(hydrates(undefined)).toBe(true)
    expect(hydrates({ other: 1 })).toBe(true)
  })

  it('hydrates when only the root matched (an error above every route)', () => {
    expect(shouldHydrate([root])).toBe(true)
  })

  it('leaves the scripts out when every route below the root opts out', () => {
    expect(hydrates({ hydrate: false })).toBe(false)
    expect(hydrates({ hydrate: false }, { hydrate: false })).toBe(false)
  })

  it('hydrates when any matched route needs it (a layout or a child)', () => {
    expect(hydrates(undefined, { hydrate: false })).toBe(true)
    expect(hydrates({ hydrate: false }, { hydrate: true })).toBe(true)
  })

  it('asks a function with the route data (the landing page: home versus sign-in modes)', () => {
    const handle = { hydrate: (data: unknown) => (data as { mode: string }).mode !== 'home' }
    const page = (mode: string) =>
      shouldHydrate([root, { id: 'routes/_index', handle, data: { mode } }])
    expect(page('home')).toBe(false)
    expect(page('login')).toBe(true)
  })

  it('ignores a root handle that opts out', () => {
    expect(shouldHydrate([{ ...root, handle: { hydrate: false } }])).toBe(true)
  })
})
