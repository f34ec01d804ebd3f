import type { Api } from '../route.ts'
import { renderDocsPage } from './docs-page.ts'

export const SCHEMA_PATH = '/api/schema/'
export const DOCS_PATH = '/api/docs/'

/** Registered last, so the document already holds every route. */
export function registerOpenApiRoutes(api: Api) {
  api.router.get(SCHEMA_PATH, (ctx) => {
    ctx.set('Cache-Control', 'no-cache')
    ctx.type = 'application/json'
    ctx.body = JSON.stringify(api.openapi.document())
  })
  api.router.get(DOCS_PATH, (ctx) => {
    ctx.set('Cache-Control', 'no-cache')
    ctx.set('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'")
    ctx.type = 'text/html; charset=utf-8'
    ctx.body = renderDocsPage(api.openapi.document(), SCHEMA_PATH)
  })
}
