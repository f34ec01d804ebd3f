import { createHash } from 'node:crypto'
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

/** The monorepo root, found from this file so the launcher works from any working directory. */
export const ROOT_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..')

export type Workspace = 'cms' | 'payments-service' | 'web' | 'tests'

export const workspaceDir = (name: Workspace) => path.join(ROOT_DIR, name)

/** A command to start, and the folder it runs in. */
export interface WorkspaceCommand {
  command: string
  args: string[]
  cwd: string
}

/** A workspace's own CLI (`tsx`, `strapi`, `remix`: see binPath), run in that workspace. */
export function binCommand(workspace: Workspace, name: string, args: string[]): WorkspaceCommand {
  const cwd = workspaceDir(workspace)
  return { command: binPath(cwd, name), args, cwd }
}

/**
 * A TypeScript entry run by node with tsx's loader, in its workspace: what production runs. Not
 * the tsx CLI, which SIGKILLs its child when a busy event loop does not acknowledge SIGTERM
 * within 60 ms (no graceful shutdown).
 */
export function tsxNodeCommand(workspace: Workspace, args: string[]): WorkspaceCommand {
  return {
    command: process.execPath,
    args: ['--import', 'tsx', ...args],
    cwd: workspaceDir(workspace),
  }
}

/** A package binary, looked up in the workspace first and then in the hoisted root folder. */
export function binPath(workspace: string, name: string): string {
  for (const dir of [
    path.join(workspace, 'node_modules/.bin'),
    path.join(ROOT_DIR, 'node_modules/.bin'),
  ]) {
    const candidate = path.join(dir, name)
    if (existsSync(candidate)) return candidate
  }
  throw new Error(`${name} is not installed: run npm install at ${ROOT_DIR}`)
}

/** Content hash of files and folders (recursively), used to decide whether a build is stale. */
export function hashSources(paths: string[]): string {
  const hash = createHash('sha256')
  const visit = (entry: string) => {
    if (!existsSync(entry)) return
    if (statSync(entry).isDirectory()) {
      for (const child of readdirSync(entry).sort()) visit(path.join(entry, child))
      return
    }
    hash.update(path.relative(ROOT_DIR, entry))
    hash.update(readFileSync(entry))
  }
  paths.forEach(visit)
  return hash.digest('hex')
}
