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

  it('names the route that serves a path, never the path itself', () => {
    expect(label('/')).toBe('routes/_index')
    expect(label('/blog')).toBe('routes/blog._index')
    expect(label('/blog/a-post-slug')).toBe('routes/blog.$id')
    expect(label('/dashboard/orders/123')).toBe('routes/dashboard.orders.$orderId')
    expect(label('/api/payments/7/start/')).toBe('routes/api.$')
  })

  it('counts single-fetch data requests with their page', () => {
    expect(label('/_root.data')).toBe('routes/_index')
    expect(label('/dashboard/orders/9.data')).toBe('routes/dashboard.orders.$orderId')
  })

  it('puts every unknown path in one bucket', () => {
    expect(label('/wp-admin/setup.php')).toBe('unmatched')
    expect(label('/blog/a/b/c')).toBe('unmatched')
  })
})
