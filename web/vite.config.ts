import { vitePlugin as remix } from '@remix-run/dev'
import tailwindcss from '@tailwindcss/vite'
import { defineConfig, type Plugin } from 'vite'
import tsconfigPaths from 'vite-tsconfig-paths'
import { SERVICE_SLUGS } from './app/features/site/public-routes.ts'
import { parseEnv } from './app/utils/env.server.ts'
import { clientAddressHeader } from './server/client-address.ts'
import { originCheck } from './server/same-origin.ts'

declare module '@remix-run/node' {
  interface Future {
    v3_singleFetch: true
  }
}

/**
 * The development server gets the same client address and origin check as production's
 * (server/app.ts, ADR 016), ahead of Remix's handler.
 */
function requestGuards(): Plugin {
  return {
    name: 'arzpol-request-guards',
    configureServer(server) {
      const env = parseEnv(process.env)
      server.middlewares.use(clientAddressHeader(env.TRUSTED_PROXY_HOPS))
      server.middlewares.use(
        originCheck({
          publicUrl: env.WEB_PUBLIC_URL,
          trustForwardedHost: env.TRUSTED_PROXY_HOPS > 0,
        }),
      )
    },
  }
}

export default defineConfig({
  plugins: [
    requestGuards(),
    tailwindcss(),
    remix({
      // The launcher gives each production stack its own folder (see packages/devstack).
      buildDirectory: process.env.WEB_BUILD_DIR ?? 'build',
      ignoredRouteFiles: ['**/*.server.*', '**/*.test.*', '**/__*.*', '**/.*'],
      // The eight service landing pages share one module, registered once per path with
      // its own route id (the file's `__` prefix keeps the file-based routes from adding it).
      routes: (defineRoutes) =>
        defineRoutes((route) => {
          for (const slug of SERVICE_SLUGS) {
            route(slug, 'routes/__service-page.tsx', { id: `service-page/${slug}` })
          }
        }),
      future: {
        v3_fetcherPersist: true,
        v3_relativeSplatPath: true,
        v3_throwAbortReason: true,
        v3_lazyRouteDiscovery: true,
        v3_singleFetch: true,
        // Pre-bundle every route's dependencies when the dev server starts, instead of finding
        // them on the first visit and reloading the page (which makes e2e runs flaky).
        unstable_optimizeDeps: true,
      },
    }),
    tsconfigPaths(),
  ],
})
