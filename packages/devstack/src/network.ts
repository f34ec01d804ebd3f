import net from 'node:net'

/** A TCP port that was free a moment ago on 127.0.0.1 (tests start many stacks side by side). */
export function getFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer()
    server.unref()
    server.on('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      const port = typeof address === 'object' && address ? address.port : 0
      server.close(() => resolve(port))
    })
  })
}

export function isPortFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer()
    server.unref()
    server.once('error', () => resolve(false))
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)))
  })
}

/** Polls a URL until it answers with a 2xx, or fails with the last error after the timeout. */
export async function waitForHttp(
  url: string,
  {
    timeoutMs = 120_000,
    isAborted = () => false,
  }: { timeoutMs?: number; isAborted?: () => boolean } = {},
): Promise<void> {
  const deadline = Date.now() + timeoutMs
  let last = 'no answer yet'
  while (Date.now() < deadline) {
    if (isAborted()) throw new Error(`gave up waiting for ${url}: the process exited`)
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2_000) })
      if (response.ok) return
      last = `HTTP ${response.status}`
    } catch (error) {
      last = error instanceof Error ? error.message : String(error)
    }
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  throw new Error(`${url} did not become ready within ${timeoutMs / 1000}s (${last})`)
}
