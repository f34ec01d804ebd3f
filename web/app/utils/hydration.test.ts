import { describe, expect, it } from 'vitest'
import { shouldHydrate } from './hydration.ts'

const root = { id: 'root', handle: undefined, data: {} }

describe('shouldHydrate', () => {
  it('hydrates by default', () => {
    expect(shouldHydrate([root, { id: 'routes/dashboard', handle: undefined }])).toBe(true)
    expect(shouldHydrate([root, { id: 'routes/x', handle: { other: 1 } }])).toBe(true)
  })

  it('hydrates when only the root matched (an error above every route)', () => {
    expect(shouldHydrate([root])).toBe(true)
  })

  it('leaves the scripts out when every route below the root opts out', () => {
    expect(shouldHydrate([root, { id: 'routes/about', handle: { hydrate: false } }])).toBe(false)
    expect(
      shouldHydrate([
        root,
        { id: 'routes/a', handle: { hydrate: false } },
        { id: 'routes/a.b', handle: { hydrate: false } },
      ]),
    ).toBe(false)
  })

  it('hydrates when any matched route needs it (a layout or a child)', () => {
    expect(
      shouldHydrate([
        root,
        { id: 'routes/layout', handle: undefined },
        { id: 'routes/layout.page', handle: { hydrate: false } },
      ]),
    ).toBe(true)
    expect(
      shouldHydrate([
        root,
        { id: 'routes/layout', handle: { hydrate: false } },
        { id: 'routes/layout.page', handle: { hydrate: true } },
      ]),
    ).toBe(true)
  })

  it('asks a function with the route data (the landing page: home versus sign-in modes)', () => {
    const handle = { hydrate: (data: unknown) => (data as { mode: string }).mode !== 'home' }
    expect(shouldHydrate([root, { id: 'routes/_index', handle, data: { mode: 'home' } }])).toBe(
      false,
    )
    expect(shouldHydrate([root, { id: 'routes/_index', handle, data: { mode: 'login' } }])).toBe(
      true,
    )
  })

  it('ignores a root handle that opts out', () => {
    expect(shouldHydrate([{ ...root, handle: { hydrate: false } }])).toBe(true)
  })
})
