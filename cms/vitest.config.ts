import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts'],
    // Compiles config/ and src/ to .tmp/test-dist (never touches dist/, the launcher's build).
    globalSetup: ['tests/global-setup.ts'],
    // One process per test file: each file boots its own Strapi (a process-wide singleton).
    pool: 'forks',
    // Strapi's boot waits on I/O as much as on CPU: two files at a time pay off even on 2 cores
    // (vitest's default there is one).
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
})
