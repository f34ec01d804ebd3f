import { describe, expect, it } from 'vitest'
import { clientAddress, normaliseAddress } from './client-address.ts'

describe('the client address', () => {
  it('with no trusted proxy is the socket peer, whatever X-Forwarded-For says', () => {
    expect(clientAddress('203.0.113.7', undefined, 0)).toBe('203.0.113.7')
    expect(clientAddress('203.0.113.7', '198.51.100.1', 0)).toBe('203.0.113.7')
    expect(clientAddress('::ffff:203.0.113.7', '198.51.100.1, 10.0.0.1', 0)).toBe('203.0.113.7')
  })

  it('behind n proxies is the entry n places left of the socket, never a spoofed one', () => {
    // Client sent "6.6.6.6"; the ingress (10.0.0.2 to web) appended the real peer.
    expect(clientAddress('10.0.0.2', '6.6.6.6, 203.0.113.7', 1)).toBe('203.0.113.7')
    expect(clientAddress('10.0.0.3', ['6.6.6.6, 203.0.113.7', '10.0.0.2'], 2)).toBe('203.0.113.7')
    // Without a spoofed entry.
    expect(clientAddress('10.0.0.2', '203.0.113.7', 1)).toBe('203.0.113.7')
    // Shorter chain than configured: the leftmost entry.
    expect(clientAddress('10.0.0.2', undefined, 1)).toBe('10.0.0.2')
    // Not an address where the proxy wrote: none rather than a guess.
    expect(clientAddress('10.0.0.2', 'evil, unknown', 1)).toBeUndefined()
  })

  it('accepts only IP addresses', () => {
    expect(normaliseAddress('2001:db8::1')).toBe('2001:db8::1')
    expect(normaliseAddress('203.0.113.7:443')).toBeUndefined()
    expect(normaliseAddress('example.com')).toBeUndefined()
    expect(normaliseAddress('')).toBeUndefined()
  })
})
