import { createContext, useContext } from 'react'

/**
 * The CSP nonce of this document (entry.server.tsx makes one per response). Inline scripts
 * Remix renders (<Scripts>, <ScrollRestoration>) carry it; browsers hide it from the DOM, so on
 * the client the value is empty, which is expected.
 */
const NonceContext = createContext('')

export const NonceProvider = NonceContext.Provider

export function useNonce(): string {
  return useContext(NonceContext)
}
