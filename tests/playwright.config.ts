import { existsSync } from 'node:fs'
import { defineConfig, devices } from '@playwright/test'
import { e2ePorts } from './support/ports.ts'

const systemChromium = '/usr/bin/chromium'

export default defineConfig({
  testDir: './e2e',
  globalSetup: './support/global-setup.ts',
  // The stack is shared by every test; two workers keep the two cores busy without starving it.
  workers: 2,
  fullyParallel: true,
  forbidOnly: true,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : 'list',
  use: {
    baseURL: `http://127.0.0.1:${e2ePorts.web}`,
    locale: 'fa-IR',
    timezoneId: 'Asia/Tehran',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        // Playwright's own browser download cannot work offline; Debian's chromium does.
        launchOptions: existsSync(systemChromium)
          ? {
              executablePath: systemChromium,
              chromiumSandbox: false,
              args: [
                '--no-sandbox',
                '--disable-gpu',
                '--disable-background-networking',
                '--disable-component-update',
                '--disable-sync',
                '--no-first-run',
                '--disable-quic',
              ],
            }
          : {},
      },
    },
  ],
})
