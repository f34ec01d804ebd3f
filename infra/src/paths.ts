import { fileURLToPath } from 'node:url'

export const INFRA_DIR = fileURLToPath(new URL('..', import.meta.url))
export const ROOT_DIR = fileURLToPath(new URL('../..', import.meta.url))
