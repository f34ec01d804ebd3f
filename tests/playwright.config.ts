import { existsSync } from 'node:fs'
import { defineConfig, devices } from '@playwright/test'
import { e2ePorts } from './support/ports.ts'

const systemChromium = '/usr/bin/chromium'

// Playwright's own browser download cannot work offline; Debian's chromium does.
function chromiumLaunchOptions() {
  return existsSync(systemChromium)
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
    : {}
}

export default defineConfig({
  testDir: './e2e',
  globalSetup: './support/global-setup.ts',
  // The stack is shared by every test; two workers keep the two cores busy without starving it.
  workers: 2,
  fullyParallel: true,
  forbidOnly: true,
  retries: 0,
  // A guard against a hung journey, not a speed target (those live in the benches): on two cores
  // shared with the fault journeys' hundreds of concurrent requests, a sign-up and a sign-in
  // alone have taken 26 s.
  timeout: 60_000,
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
      // Tests tagged @global-state change what every other test sees (e.g. today's USD rate);
      // tests tagged @alone judge every answer of a shared stack and need a machine nobody else
      // loads (no fault journey's 200 creates or kill -9 beside them). Both run in their own
      // project, after all the others.
      grepInvert: /@global-state|@alone/,
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: chromiumLaunchOptions(),
      },
    },
    {
      name: 'global-state',
      grep: /@global-state|@alone/,
      dependencies: ['chromium'],
      // One at a time: each of these changes what the others assert (the rate test, the fuzz of
      // the staff forms) or needs the machine to itself (the fuzz of the customer forms).
      workers: 1,
      use: { ...devices['Desktop Chrome'], launchOptions: chromiumLaunchOptions() },
    },
  ],
})
