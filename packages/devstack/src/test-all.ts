/**
 * `npm test`: every workspace's own tests, then the cross-service end-to-end tests (the `tests`
 * workspace comes last in the root package.json). A failing workspace does not hide the others:
 * all run, and the summary names each with its duration.
 */
import { spawnSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { ROOT_DIR } from './workspace.ts'

interface PackageJson {
  name: string
  workspaces?: string[]
  scripts?: Record<string, string>
}

const readPackage = (dir: string): PackageJson =>
  JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8'))

const only = process.argv.slice(2)
const workspaces = (readPackage(ROOT_DIR).workspaces ?? [])
  .map((dir) => ({ dir, pkg: readPackage(path.join(ROOT_DIR, dir)) }))
  .filter(({ pkg, dir }) => pkg.scripts?.test && (only.length === 0 || only.includes(dir)))

const results: { dir: string; ok: boolean; seconds: number }[] = []
for (const { dir, pkg } of workspaces) {
  console.log(`\n━━ ${dir} (${pkg.name}) ━━`)
  const started = Date.now()
  const run = spawnSync('npm', ['run', 'test', '--workspace', dir], {
    cwd: ROOT_DIR,
    stdio: 'inherit',
    env: { ...process.env, STRAPI_TELEMETRY_DISABLED: 'true' },
  })
  results.push({ dir, ok: run.status === 0, seconds: (Date.now() - started) / 1000 })
}

console.log('\nTest suites by workspace:')
for (const r of results)
  console.log(`  ${r.ok ? 'ok  ' : 'FAIL'}  ${r.dir.padEnd(20)} ${r.seconds.toFixed(1)}s`)
const failed = results.filter((r) => !r.ok)
const total = results.reduce((sum, r) => sum + r.seconds, 0)
console.log(
  `${failed.length === 0 ? 'All suites passed' : `${failed.length} suite(s) failed`} in ${total.toFixed(1)}s`,
)
process.exit(failed.length === 0 ? 0 : 1)
