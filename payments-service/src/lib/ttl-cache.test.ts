import { describe, expect, it } from 'vitest'
import { ManualClock } from '../test/clock.ts'
import { readFrom, ttlCache } from './ttl-cache.ts'

/** A loader that counts its calls and fails while `down` is set. */
function loader() {
  const state = { calls: 0, down: false, next: 'v1' }
  const load = async () => {
    state.calls += 1
    await Promise.resolve()
    if (state.down) throw new Error('database away')
    return state.next
  }
  return { state, load }
}

describe('ttlCache', () => {
  it('loads once, serves the copy synchronously while fresh, reloads after the TTL', async () => {
    const clock = new ManualClock()
    const { state, load } = loader()
    const cache = ttlCache(load, { clock, ttlSeconds: 10 })
    expect(await cache.read()).toBe('v1')
    state.next = 'v2'
    clock.advance(9)
    expect(cache.read()).toBe('v1')
    clock.advance(1)
    const reloading = cache.read()
    expect(reloading).toBeInstanceOf(Promise)
    expect(await reloading).toBe('v2')
    expect(state.calls).toBe(2)
  })

  it('shares one reload between concurrent readers', async () => {
    const { state, load } = loader()
    const cache = ttlCache(load, { clock: new ManualClock(), ttlSeconds: 10 })
    const values = await Promise.all(Array.from({ length: 20 }, () => readFrom(cache, (v) => v)))
    expect(new Set(values)).toEqual(new Set(['v1']))
    expect(state.calls).toBe(1)
  })

  it('serves the old copy while reloads fail, for at most ten TTLs', async () => {
    const clock = new ManualClock()
    const { state, load } = loader()
    const cache = ttlCache(load, { clock, ttlSeconds: 10 })
    await cache.read()
    state.down = true
    clock.advance(50)
    expect(await cache.read()).toBe('v1')
    clock.advance(50)
    await expect(cache.read()).rejects.toThrow('database away')
    state.down = false
    expect(await cache.read()).toBe('v1')
  })

  it('reloads after invalidate', async () => {
    const { state, load } = loader()
    const cache = ttlCache(load, { clock: new ManualClock(), ttlSeconds: 10 })
    await cache.read()
    state.next = 'v2'
    cache.invalidate()
    expect(await cache.read()).toBe('v2')
  })

  it('never keeps a load that began before invalidate: the change may not be in it', async () => {
    const clock = new ManualClock()
    const gates: Array<(value: string) => void> = []
    const cache = ttlCache(() => new Promise<string>((resolve) => gates.push(resolve)), {
      clock,
      ttlSeconds: 10,
    })
    const early = cache.read()
    cache.invalidate()
    const late = cache.read()
    // The reader after the change does not join the load that started before it.
    expect(gates).toHaveLength(2)
    gates[0]!('before the change')
    expect(await early).toBe('before the change')
    expect(cache.peek()).toBeUndefined()
    gates[1]!('after the change')
    expect(await late).toBe('after the change')
    expect(cache.read()).toBe('after the change')
    expect(cache.peek()).toBe('after the change')
  })

  it('after invalidate the old copy is no fallback: it is known to be out of date', async () => {
    const { state, load } = loader()
    const cache = ttlCache(load, { clock: new ManualClock(), ttlSeconds: 10 })
    await cache.read()
    cache.invalidate()
    state.down = true
    await expect(cache.read()).rejects.toThrow('database away')
  })

  it('readFrom turns a throwing pick into a rejection, never a throw at the caller', async () => {
    const cache = ttlCache(async () => 'v1', { clock: new ManualClock(), ttlSeconds: 10 })
    await cache.read()
    const picked = readFrom(cache, () => {
      throw new Error('unknown code')
    })
    await expect(picked).rejects.toThrow('unknown code')
  })
})
