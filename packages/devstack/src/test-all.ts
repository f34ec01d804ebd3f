/**
 * `npm test`: every workspace's own tests, then the cross-service end-to-end tests (the `tests`
 * workspace comes last in the root package.json). A failing workspace does not hide the others:
 * all run, and the summary names each with its duration. A log kept only by its tail (a CI
 * service's) would lose why a suite failed, so the summary ends with each failed suite's
 * failure lines.
 */
import { spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { failureDigest, LineTail } from './failure-digest.ts'
import { ROOT_DIR } from './workspace.ts'

interface PackageJson {
  name: string
  workspaces?: string[]
  scripts?: Record<string, string>
}

const readPackage = (dir: string): PackageJson =>
  JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8'))

/** Runs a workspace's tests with their output shown as it comes; answers its exit status and tail. */
function runTests(dir: string): Promise<{ ok: boolean; tail: string[] }> {
  const tail = new LineTail(3000)
  const child = spawn('npm', ['run', 'test', '--workspace', dir], {
    cwd: ROOT_DIR,
    stdio: ['inherit', 'pipe', 'pipe'],
    env: { ...process.env, STRAPI_TELEMETRY_DISABLED: 'true' },
  })
  child.stdout.on('data', (chunk: Buffer) => {
    process.stdout.write(chunk)
    tail.push(chunk)
  })
  child.stderr.on('data', (chunk: Buffer) => {
    process.stderr.write(chunk)
    tail.push(chunk)
  })
  return new Promise((resolve) => {
    child.on('close', (code) => resolve({ ok: code === 0, tail: tail.lines() }))
  })
}

const only = process.argv.slice(2)
const workspaces = (readPackage(ROOT_DIR).workspaces ?? [])
  .map((dir) => ({ dir, pkg: readPackage(path.join(ROOT_DIR, dir)) }))
  .filter(({ pkg, dir }) => pkg.scripts?.test && (only.length === 0 || only.includes(dir)))

const results: { dir: string; ok: boolean; seconds: number; tail: string[] }[] = []
for (const { dir, pkg } of workspaces) {
  console.log(`\n━━ ${dir} (${pkg.name}) ━━`)
  const started = Date.now()
  const { ok, tail } = await runTests(dir)
  results.push({ dir, ok, seconds: (Date.now() - started) / 1000, tail })
}

const failed = results.filter((r) => !r.ok)
for (const r of failed) {
  console.log(`\nWhy ${r.dir} failed:`)
  for (const line of failureDigest(r.tail)) console.log(`  ${line}`)
}
console.log('\nTest suites by workspace:')
for (const r of results)
  console.log(`  ${r.ok ? 'ok  ' : 'FAIL'}  ${r.dir.padEnd(20)} ${r.seconds.toFixed(1)}s`)
const total = results.reduce((sum, r) => sum + r.seconds, 0)
console.log(
  `${failed.length === 0 ? 'All suites passed' : `${failed.length} suite(s) failed`} in ${total.toFixed(1)}s`,
)
process.exit(failed.length === 0 ? 0 : 1)
