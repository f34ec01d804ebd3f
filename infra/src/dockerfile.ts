/**
 * Reads a Dockerfile into its stages (dockerfile-ast does the parsing) and answers the questions
 * the tests ask: which user the final stage runs as, what it copies from the build context, and
 * whether the .dockerignore beside it would hide one of those files.
 */
import { readFileSync } from 'node:fs'
import { DockerfileParser } from 'dockerfile-ast'

export interface Instruction {
  keyword: string
  args: string[]
  flags: Record<string, string | null>
  raw: string
}

export interface Stage {
  name: string | null
  image: string | null
  instructions: Instruction[]
}

export function readStages(file: string): Stage[] {
  const dockerfile = DockerfileParser.parse(readFileSync(file, 'utf8'))
  const stages: Stage[] = []
  for (const instruction of dockerfile.getInstructions()) {
    const keyword = instruction.getKeyword()
    const flags: Record<string, string | null> = {}
    if ('getFlags' in instruction && typeof instruction.getFlags === 'function') {
      for (const flag of instruction.getFlags() as {
        getName(): string
        getValue(): string | null
      }[])
        flags[flag.getName()] = flag.getValue()
    }
    const args = instruction.getArguments().map((arg) => arg.getValue())
    const entry = { keyword, args, flags, raw: instruction.getTextContent?.() ?? args.join(' ') }
    if (keyword === 'FROM') {
      const asIndex = args.findIndex((arg) => arg.toUpperCase() === 'AS')
      stages.push({
        name: asIndex >= 0 ? (args[asIndex + 1] ?? null) : null,
        image: args[0] ?? null,
        instructions: [],
      })
    } else if (stages.length > 0) {
      stages.at(-1)!.instructions.push(entry)
    }
  }
  return stages
}

/** Sources of COPY/ADD instructions that read the build context (not another stage). */
export function contextSources(stage: Stage): string[] {
  return stage.instructions
    .filter((i) => (i.keyword === 'COPY' || i.keyword === 'ADD') && !('from' in i.flags))
    .flatMap((i) => i.args.filter((arg) => !arg.startsWith('--')).slice(0, -1))
}

/** The user the stage ends up running as ('root' when it never says). */
export function finalUser(stage: Stage): string {
  const users = stage.instructions.filter((i) => i.keyword === 'USER')
  return users.at(-1)?.args[0] ?? 'root'
}

/**
 * .dockerignore matching as Docker does it: patterns relative to the context root, `*` within one
 * path segment, `**` across segments, `!` re-includes, and the last matching line wins. A folder
 * that matches hides everything inside it.
 */
export function isIgnored(relativePath: string, ignoreFile: string): boolean {
  const patterns = readFileSync(ignoreFile, 'utf8')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'))
  const segments = relativePath.replace(/\/+$/, '').split('/')
  let ignored = false
  for (const line of patterns) {
    const negated = line.startsWith('!')
    const regex = toRegex(negated ? line.slice(1) : line)
    // The path itself or one of its parent folders.
    const hit = segments.some((_, index) => regex.test(segments.slice(0, index + 1).join('/')))
    if (hit) ignored = !negated
  }
  return ignored
}

function toRegex(pattern: string): RegExp {
  const source = pattern
    .replace(/^\/+/, '')
    .split(/(\*\*\/|\*\*|\*|\?)/)
    .map((part) => {
      if (part === '**/') return '(?:.*/)?'
      if (part === '**') return '.*'
      if (part === '*') return '[^/]*'
      if (part === '?') return '[^/]'
      return part.replace(/[.+^${}()|[\]\\]/g, '\\$&')
    })
    .join('')
  return new RegExp(`^${source}$`)
}
