import { matchRoutes } from '@remix-run/react'

/** What a Remix server build says about each route (ServerBuild['routes'], trimmed). */
export interface BuildRoute {
  id: string
  parentId?: string | undefined
  path?: string | undefined
  index?: boolean | undefined
  caseSensitive?: boolean | undefined
}

interface RouteNode {
  id: string
  path?: string
  index?: boolean
  caseSensitive?: boolean
  children?: RouteNode[]
}

/**
 * Maps a request path to the id of the Remix route that serves it (`routes/blog.$id`), so
 * metrics have one series per route instead of one per post or order. Single-fetch data
 * requests (`/blog/7.data`, `/_root.data`) count with their page.
 */
export function createRouteLabeler(routes: Record<string, BuildRoute | undefined>) {
  const nodes = new Map<string, RouteNode>()
  for (const route of Object.values(routes)) {
    if (!route) continue
    nodes.set(route.id, {
      id: route.id,
      ...(route.path !== undefined && { path: route.path }),
      ...(route.index && { index: true }),
      ...(route.caseSensitive && { caseSensitive: true }),
    })
  }
  const roots: RouteNode[] = []
  for (const route of Object.values(routes)) {
    if (!route) continue
    const node = nodes.get(route.id)!
    const parent = route.parentId ? nodes.get(route.parentId) : undefined
    if (parent) (parent.children ??= []).push(node)
    else roots.push(node)
  }

  return function routeLabel(pathname: string): string {
    let path = pathname
    if (path === '/_root.data') path = '/'
    else if (path.endsWith('.data')) path = path.slice(0, -'.data'.length)
    const matches = matchRoutes(roots as Parameters<typeof matchRoutes>[0], path)
    const leaf = matches?.[matches.length - 1]
    return leaf ? (leaf.route as RouteNode).id : 'unmatched'
  }
}
