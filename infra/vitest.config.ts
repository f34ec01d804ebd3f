import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts'],
    // The field check compiles every manifest with TypeScript (a few seconds on 2 cores).
    testTimeout: 60_000,
  },
})
