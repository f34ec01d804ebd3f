/**
 * infra/compose.yaml as Docker Compose reads it: `${VAR}` interpolation from infra/.env, and env
 * files in the KEY=VALUE format. Only the syntax compose.yaml and the env files use.
 */
import { readFileSync } from 'node:fs'
import { parse as parseYaml } from 'yaml'

/** KEY=VALUE lines; `#` comments and blank lines skipped; no quotes or multi-line values. */
export function parseEnvFile(text: string): Record<string, string> {
  const env: Record<string, string> = {}
  for (const raw of text.split('\n')) {
    const line = raw.trim()
    if (!line || line.startsWith('#')) continue
    const eq = line.indexOf('=')
    if (eq <= 0) throw new Error(`not a KEY=VALUE line: ${line}`)
    env[line.slice(0, eq)] = line.slice(eq + 1)
  }
  return env
}

/** `${NAME}`, `${NAME:-default}`, `${NAME-default}` and `${NAME:?error}` (compose's rules). */
export function interpolate(text: string, vars: Record<string, string>): string {
  return text.replace(
    /\$\{([A-Z0-9_]+)(?:(:?[-?])([^}]*))?\}/g,
    (_, name: string, op: string | undefined, arg: string | undefined) => {
      const value = vars[name]
      const unsetOrEmpty = value === undefined || value === ''
      if (op === ':-') return unsetOrEmpty ? (arg ?? '') : value
      if (op === '-') return value === undefined ? (arg ?? '') : value
      if (op === ':?' && unsetOrEmpty) throw new Error(`compose: ${arg || `${name} is required`}`)
      if (op === '?' && value === undefined)
        throw new Error(`compose: ${arg || `${name} is required`}`)
      return value ?? ''
    },
  )
}

export interface ComposeService {
  image?: string
  build?: { context: string; dockerfile: string }
  command?: string[]
  env_file?: string[]
  environment?: Record<string, string>
  depends_on?: Record<string, { condition: string }> | string[]
  read_only?: boolean
  user?: string
  [key: string]: unknown
}

export interface ComposeFile {
  services: Record<string, ComposeService>
  volumes?: Record<string, unknown>
  [key: string]: unknown
}

/** The file as written (no interpolation), with YAML merge keys resolved as compose does. */
export const readComposeRaw = (file: string): unknown =>
  parseYaml(readFileSync(file, 'utf8'), { merge: true })

export function readCompose(file: string, vars: Record<string, string>): ComposeFile {
  return parseYaml(interpolate(readFileSync(file, 'utf8'), vars), { merge: true }) as ComposeFile
}
