import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { contextSources, finalUser, isIgnored, readStages, type Stage } from '../src/dockerfile.ts'
import { INFRA_DIR, ROOT_DIR } from '../src/paths.ts'
import { unknownVariables, type ServiceName } from '../src/service-env.ts'

const IMAGES = {
  'payments-service': { stages: ['deps', 'runtime'], port: '4000', health: '/readyz' },
  web: { stages: ['build', 'deps', 'runtime'], port: '3000', health: '/healthz' },
  cms: { stages: ['toolchain', 'build', 'deps', 'runtime'], port: '1337', health: '/_health' },
} as const

/** The root package.json's `engines.node` (`>=20.19 <21 || >=22.12`), for x.y.z versions. */
function satisfiesEngines(version: string): boolean {
  const root = JSON.parse(readFileSync(path.join(ROOT_DIR, 'package.json'), 'utf8')) as {
    engines: { node: string }
  }
  const parse = (v: string) => v.split('.').map(Number).concat([0, 0, 0]).slice(0, 3)
  const compare = (a: number[], b: number[]) => a[0]! - b[0]! || a[1]! - b[1]! || a[2]! - b[2]!
  const v = parse(version)
  return root.engines.node.split('||').some((range) =>
    range
      .trim()
      .split(/\s+/)
      .every((comparator) => {
        const [, op, bound] = /^(>=|<=|>|<|=)?(.+)$/.exec(comparator)!
        const c = compare(v, parse(bound!))
        return op === '>='
          ? c >= 0
          : op === '<='
            ? c <= 0
            : op === '>'
              ? c > 0
              : op === '<'
                ? c < 0
                : c === 0
      }),
  )
}

const dockerfileOf = (service: string) => path.join(INFRA_DIR, 'docker', `${service}.Dockerfile`)
const instructions = (stage: Stage, keyword: string) =>
  stage.instructions.filter((i) => i.keyword === keyword)

describe.each(Object.entries(IMAGES))('%s image', (service, expected) => {
  const file = dockerfileOf(service)
  const stages = readStages(file)
  const runtime = stages.at(-1)!

  it('is multi-stage, on a pinned Node that the repository supports', () => {
    expect(stages.map((s) => s.name)).toEqual(expected.stages)
    const version = readFileSync(file, 'utf8').match(
      /^ARG NODE_IMAGE=node:(\d+\.\d+\.\d+)-bookworm-slim$/m,
    )?.[1]
    expect(version).toBeDefined()
    expect(satisfiesEngines(version!), version).toBe(true)
  })

  it('runs as the unprivileged node user', () => {
    expect(finalUser(runtime)).toBe('node')
  })

  it('installs with npm ci for its own workspace only, production dependencies in the runtime', () => {
    const installs = stages.flatMap((s) => instructions(s, 'RUN')).map((i) => i.args.join(' '))
    const ci = installs.filter((line) => line.includes('npm ci'))
    expect(ci.length).toBeGreaterThan(0)
    for (const line of ci) expect(line).toContain(`--workspace ${service}`)
    expect(ci.some((line) => line.includes('--omit=dev'))).toBe(true)
    // The runtime installs nothing and carries no compilers.
    expect(instructions(runtime, 'RUN').map((i) => i.args.join(' '))).not.toContainEqual(
      expect.stringMatching(/npm (ci|install)|apt-get/),
    )
  })

  it('checks its own health route on the port it exposes', () => {
    const [healthcheck] = instructions(runtime, 'HEALTHCHECK')
    expect(healthcheck).toBeDefined()
    expect(healthcheck!.args.join(' ')).toContain(
      `http://127.0.0.1:${expected.port}${expected.health}`,
    )
    expect(instructions(runtime, 'EXPOSE').map((i) => i.args[0])).toEqual([expected.port])
  })

  it('sets only variables the service reads', () => {
    const names = instructions(runtime, 'ENV').flatMap((i) =>
      i.args.map((arg) => arg.split('=')[0]!),
    )
    expect(names).toContain('NODE_ENV')
    expect(unknownVariables(service as ServiceName, names)).toEqual([])
  })

  it('starts node directly (no npm in between), so SIGTERM reaches the service', () => {
    const [cmd] = instructions(runtime, 'CMD')
    expect(cmd!.args[0]).toMatch(/^\["node",?$/)
  })

  it('copies only files that exist and that its .dockerignore lets through', () => {
    const ignoreFile = `${file}.dockerignore`
    expect(existsSync(ignoreFile)).toBe(true)
    const sources = stages.flatMap(contextSources)
    expect(sources.length).toBeGreaterThan(5)
    for (const source of sources) {
      expect(existsSync(path.join(ROOT_DIR, source)), source).toBe(true)
      expect(isIgnored(source, ignoreFile), source).toBe(false)
    }
  })

  it('lists every workspace package.json npm needs to check the lockfile', () => {
    const workspaces = (
      JSON.parse(readFileSync(path.join(ROOT_DIR, 'package.json'), 'utf8')) as {
        workspaces: string[]
      }
    ).workspaces
    const copied = contextSources(stages[0]!)
    for (const workspace of workspaces) expect(copied).toContain(`${workspace}/package.json`)
  })

  it('leaves secrets, local data, node_modules and tests out of the build context', () => {
    const ignoreFile = `${file}.dockerignore`
    for (const p of [
      '.env',
      'infra/.env',
      'infra/env/payments.env',
      '.data/postgres/PG_VERSION',
      'node_modules/koa/package.json',
      'web/node_modules/x',
      'cms/public/uploads/photo.png',
      'payments-service/src/config/env.test.ts',
      'payments-service/src/test/app.ts',
      'payments-service/src/test/orders.ts',
      'tests/e2e/auth.spec.ts',
    ])
      expect(isIgnored(p, ignoreFile), p).toBe(true)
    expect(isIgnored('infra/env/payments.env.example', ignoreFile)).toBe(false)
  })
})

describe('the engines check', () => {
  it('accepts the supported lines and refuses the others', () => {
    expect(['20.19.0', '20.20.2', '22.12.0', '24.1.0'].map(satisfiesEngines)).toEqual([
      true,
      true,
      true,
      true,
    ])
    expect(['20.18.3', '21.7.0', '22.11.0', '18.20.0'].map(satisfiesEngines)).toEqual([
      false,
      false,
      false,
      false,
    ])
  })
})

describe('the three .dockerignore files', () => {
  it('are one list', () => {
    const [first, ...rest] = Object.keys(IMAGES).map((s) =>
      readFileSync(`${dockerfileOf(s)}.dockerignore`, 'utf8'),
    )
    for (const other of rest) expect(other).toBe(first)
  })
})
