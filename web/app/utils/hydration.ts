/**
 * Pages with nothing interactive ship no JavaScript at all: a route says so with
 * `export const handle = { hydrate: false }` (or a function of its loader data, for a route whose
 * modes differ), and root.tsx leaves out `<Scripts />` when every matched route below the root
 * opts out. Everything else stays hydrated: that is the default.
 */

export interface HydrateHandle {
  hydrate?: boolean | ((data: unknown) => boolean)
}

interface MatchLike {
  id: string
  handle?: unknown
  data?: unknown
}

function optsOut(match: MatchLike): boolean {
  const handle = match.handle as HydrateHandle | undefined
  const hydrate = handle?.hydrate
  if (typeof hydrate === 'function') return hydrate(match.data) === false
  return hydrate === false
}

export function shouldHydrate(matches: MatchLike[]): boolean {
  const routes = matches.filter((match) => match.id !== 'root')
  if (routes.length === 0) return true
  return !routes.every(optsOut)
}
