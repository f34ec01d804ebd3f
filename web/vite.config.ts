import { vitePlugin as remix } from '@remix-run/dev'
import tailwindcss from '@tailwindcss/vite'
import { defineConfig } from 'vite'
import tsconfigPaths from 'vite-tsconfig-paths'

declare module '@remix-run/node' {
  interface Future {
    v3_singleFetch: true
  }
}

export default defineConfig({
  plugins: [
    tailwindcss(),
    remix({
      // The launcher gives each production stack its own folder (see packages/devstack).
      buildDirectory: process.env.WEB_BUILD_DIR ?? 'build',
      ignoredRouteFiles: ['**/*.server.*', '**/*.test.*', '**/__*.*', '**/.*'],
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
