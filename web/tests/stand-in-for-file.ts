import { afterAll, beforeEach } from 'vitest'
import { resetEnvCache } from '~/utils/env.server.ts'

/** A local HTTP stand-in for payments-service or the cms. */
export interface StandIn {
  url: string
  close(): Promise<void>
}

/**
 * The frame of a test file that drives routes against a stand-in: the stand-in serves the whole
 * file and is closed after it. Before each test `env` names its URL, the env cache is dropped (the
 * server modules read the env once and keep it; what `beforeEachTest` sets is read as well), and
 * `beforeEachTest` clears what the previous test left. Awaited at the top of the test file.
 */
export async function standInForFile<T extends StandIn>(
  standIn: Promise<T>,
  env: 'PAYMENTS_URL' | 'CMS_URL',
  beforeEachTest: (standIn: T) => void = () => undefined,
): Promise<T> {
  const started = await standIn
  afterAll(() => started.close())
  beforeEach(() => {
    process.env[env] = started.url
    resetEnvCache()
    beforeEachTest(started)
  })
  return started
}
