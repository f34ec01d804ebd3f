/**
 * `npm run bench -- lighthouse`: Lighthouse 12.8 (its default mobile preset: a mid-range phone,
 * simulated slow 4G and 4× CPU slowdown) on the public site of a production stack (the devstack
 * launcher in 'prod' mode, as the end-to-end tests start it: production builds, its own free ports
 * and throw-away data folder, the cms's seed content), in Debian's Chromium.
 *
 * Pages: landing, one tier page, one service page (nothing interactive: no hydration JavaScript)
 * and a blog post (interactive: share button and comment form). For each page it prints the four
 * category scores and the JavaScript transferred (gzip, as served), the median of
 * BENCH_LIGHTHOUSE_RUNS runs (default 3) by performance score.
 *
 * Targets: performance ≥ 98; accessibility, best practices and SEO 100; at most 20 KB of
 * JavaScript on pages with nothing interactive. Exits 1 if a target is missed.
 * BENCH_LIGHTHOUSE_REPORTS=<dir> keeps every run's full Lighthouse report (JSON) there.
 */
import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { createLogger, getFreePort, startStack } from '@arzpol/devstack'

const CHROMIUM = process.env.CHROME_PATH ?? '/usr/bin/chromium'
const RUNS = Math.max(1, Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3))
const REPORTS = process.env.BENCH_LIGHTHOUSE_REPORTS
const JS_BUDGET_BYTES = 20 * 1024
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const
type Category = (typeof CATEGORIES)[number]
const TARGETS: Record<Category, number> = {
  performance: 98,
  accessibility: 100,
  'best-practices': 100,
  seo: 100,
}

interface PageToAudit {
  name: string
  path: string
  interactive: boolean
}

interface Measured {
  scores: Record<Category, number>
  scriptBytes: number
  scriptRequests: number
}

interface ResourceSummaryItem {
  resourceType: string
  transferSize: number
  requestCount: number
}

/** Lighthouse now and then fails to record a trace (NO_NAVSTART): such a run is retried. */
async function audit(url: string, port: number, report?: string, attempts = 3): Promise<Measured> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await auditOnce(url, port, report)
    } catch (error) {
      if (attempt >= attempts) throw error
      console.warn(`lighthouse bench: ${String(error)}; trying again`)
    }
  }
}

async function auditOnce(url: string, port: number, report?: string): Promise<Measured> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: [...CATEGORIES],
  })
  if (!result) throw new Error(`lighthouse gave no result for ${url}`)
  const { lhr } = result
  if (REPORTS && report) {
    mkdirSync(REPORTS, { recursive: true })
    writeFileSync(path.join(REPORTS, `${report}.json`), JSON.stringify(lhr))
  }
  if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.message}`)
  const scores = Object.fromEntries(
    CATEGORIES.map((id) => [id, Math.round((lhr.categories[id]?.score ?? 0) * 100)]),
  ) as Record<Category, number>
  const summary = lhr.audits['resource-summary']?.details as
    { items?: ResourceSummaryItem[] } | undefined
  const scripts = summary?.items?.find((item) => item.resourceType === 'script')
  return {
    scores,
    scriptBytes: scripts?.transferSize ?? 0,
    scriptRequests: scripts?.requestCount ?? 0,
  }
}

function median(runs: Measured[]): Measured {
  const sorted = [...runs].sort((a, b) => a.scores.performance - b.scores.performance)
  return sorted[Math.floor((sorted.length - 1) / 2)] as Measured
}

async function firstPostPath(cmsUrl: string): Promise<string> {
  const response = await fetch(`${cmsUrl}/api/posts?pagination[pageSize]=1&sort[0]=date:desc`)
  const body = (await response.json()) as { data?: { documentId?: string }[] }
  const id = body.data?.[0]?.documentId
  if (!id) throw new Error('the cms has no blog post to audit')
  return `/blog/${encodeURIComponent(id)}`
}

const pad = (value: string, width: number) => value.padEnd(width)
const lpad = (value: string, width: number) => value.padStart(width)
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`

export async function runLighthouseBench(): Promise<boolean> {
  if (!existsSync(CHROMIUM)) {
    throw new Error(`lighthouse bench: no browser at ${CHROMIUM} (apt-get install -y chromium)`)
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), 'arzpol-lighthouse-'))
  // Embedded PostgreSQL runs as the OS user postgres when we are root: it must enter the folder.
  chmodSync(dataDir, 0o755)
  // Chromium leaves profile folders in TMPDIR: keep them in the throw-away folder.
  const chromeTmp = path.join(dataDir, 'chrome-tmp')
  mkdirSync(chromeTmp)
  const ports = {
    web: await getFreePort(),
    payments: await getFreePort(),
    cms: await getFreePort(),
    postgres: await getFreePort(),
    sandboxBank: await getFreePort(),
  }
  console.log(`lighthouse bench: starting a production stack (web on ${ports.web})`)
  const started = Date.now()
  const stack = await startStack({
    mode: 'prod',
    dataDir,
    ports,
    cmsAdmin: { email: 'admin@arzpol.local', password: 'ArzPol-bench-1404' },
    baseEnv: { ...process.env, APP_ENV: 'development' },
    logger: createLogger('bench', () => undefined),
  }).catch((error: unknown) => {
    rmSync(dataDir, { recursive: true, force: true })
    throw error
  })
  console.log(`lighthouse bench: stack ready in ${((Date.now() - started) / 1000).toFixed(0)} s`)

  let chrome: chromeLauncher.LaunchedChrome | undefined
  try {
    const pages: PageToAudit[] = [
      { name: 'landing', path: '/', interactive: false },
      { name: 'tier', path: '/services/base', interactive: false },
      { name: 'service', path: '/fx-topup', interactive: false },
      { name: 'blog post', path: await firstPostPath(stack.urls.cms), interactive: true },
    ]
    chrome = await chromeLauncher.launch({
      chromePath: CHROMIUM,
      chromeFlags: [
        '--headless=new',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-dev-shm-usage',
        '--no-first-run',
      ],
      envVars: { ...process.env, TMPDIR: chromeTmp } as Record<string, string>,
    })
    // Warm web's cms cache and the server's code paths once, as a running site would be.
    for (const page of pages) await fetch(`${stack.urls.web}${page.path}`)
    // The first audit after Chromium starts is slower than any later one: it is not counted.
    await audit(`${stack.urls.web}/`, chrome.port)

    const rows: { page: PageToAudit; measured: Measured }[] = []
    for (const page of pages) {
      const runs: Measured[] = []
      for (let run = 0; run < RUNS; run += 1) {
        const report = `${page.name.replace(/\W+/g, '-')}-${run + 1}`
        runs.push(await audit(`${stack.urls.web}${page.path}`, chrome.port, report))
      }
      const measured = median(runs)
      rows.push({ page, measured })
      console.log(
        `lighthouse bench: ${page.name} ${page.path}: performance ${runs.map((r) => r.scores.performance).join(', ')}`,
      )
    }

    console.log('')
    console.log(
      [
        pad('page', 10),
        lpad('perf', 5),
        lpad('a11y', 5),
        lpad('best', 5),
        lpad('seo', 5),
        lpad('JS (gzip)', 11),
        lpad('requests', 9),
        '  result',
      ].join(' '),
    )
    let failed = false
    for (const { page, measured } of rows) {
      const problems = CATEGORIES.filter((id) => measured.scores[id] < TARGETS[id])
      const overBudget = !page.interactive && measured.scriptBytes > JS_BUDGET_BYTES
      if (overBudget) problems.push('JS' as Category)
      if (problems.length > 0) failed = true
      console.log(
        [
          pad(page.name, 10),
          lpad(String(measured.scores.performance), 5),
          lpad(String(measured.scores.accessibility), 5),
          lpad(String(measured.scores['best-practices']), 5),
          lpad(String(measured.scores.seo), 5),
          lpad(kb(measured.scriptBytes), 11),
          lpad(String(measured.scriptRequests), 9),
          `  ${problems.length === 0 ? 'ok' : `MISSED (${problems.join(', ')})`}`,
        ].join(' '),
      )
    }
    console.log(
      `targets: performance ≥ ${TARGETS.performance}, accessibility / best practices / SEO 100, ` +
        `≤ ${JS_BUDGET_BYTES / 1024} KB JavaScript on pages with nothing interactive`,
    )
    console.log('')
    return !failed
  } finally {
    chrome?.kill()
    await stack.stop()
    rmSync(dataDir, { recursive: true, force: true })
  }
}
