import type { ReactElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import {
  createStaticHandler,
  createStaticRouter,
  StaticRouterProvider,
} from 'react-router-dom/server'

/**
 * Renders a piece of a page inside a data router, as Remix serves it, so a component with a
 * `<Form>` or a submit button (which read the router's navigation) renders as on the server.
 */
export async function renderInRouter(element: ReactElement, url = 'http://localhost/') {
  const handler = createStaticHandler([{ path: new URL(url).pathname, element }])
  const context = await handler.query(new Request(url))
  if (context instanceof Response) throw new Error(`the router answered ${context.status}`)
  const router = createStaticRouter(handler.dataRoutes, context)
  return renderToStaticMarkup(
    <StaticRouterProvider router={router} context={context} hydrate={false} />,
  )
}
