import { describe, expect, it } from 'vitest'
import { createRouteLabeler } from './route-label.ts'

const routes = {
  root: { id: 'root', path: '' },
  'routes/_index': { id: 'routes/_index', parentId: 'root', index: true },
  'routes/blog.$id': { id: 'routes/blog.$id', parentId: 'root', path: 'blog/:id' },
  'routes/blog._index': { id: 'routes/blog._index', parentId: 'root', path: 'blog' },
  'routes/dashboard': { id: 'routes/dashboard', parentId: 'root', path: 'dashboard' },
  'routes/dashboard.orders.$orderId': {
    id: 'routes/dashboard.orders.$orderId',
    parentId: 'routes/dashboard',
    path: 'orders/:orderId',
  },
  'routes/api.$': { id: 'routes/api.$', parentId: 'root', path: 'api/*' },
}

describe('createRouteLabeler', () => {
  const label = createRouteLabeler(routes)

  // The route that serves a path, never the path itself; single-fetch data requests count with
  // their page, and every unknown path goes in one bucket.
  it.each([
    ['/', 'routes/_index'],
    ['/blog', 'routes/blog._index'],
    ['/blog/a-post-slug', 'routes/blog.$id'],
    ['/dashboard/orders/123', 'routes/dashboard.orders.$orderId'],
    ['/api/payments/7/start/', 'routes/api.$'],
    ['/_root.data', 'routes/_index'],
    ['/dashboard/orders/9.data', 'routes/dashboard.orders.$orderId'],
    ['/wp-admin/setup.php', 'unmatched'],
    ['/blog/a/b/c', 'unmatched'],
  ])('labels %s as %s', (path, route) => {
    expect(label(path)).toBe(route)
  })
})
