import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'scripts/**/*.test.ts'],
    globalSetup: ['src/test/global-setup.ts'],
    // Each test file gets its own database cloned from a migrated template, so files run in
    // parallel without seeing each other's rows.
    pool: 'forks',
    // Migrations load through our own import() and never need it, but anything that hands a
    // .ts path to Node itself (knex's default loader) does.
    execArgv: ['--import', 'tsx'],
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
})
