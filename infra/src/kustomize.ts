/**
 * A small kustomize: exactly the features infra/k8s uses (resources, namespace, images, patches
 * as strategic merge or JSON 6902), so `npm test` renders the overlays on any machine. Where
 * kubectl is installed, tests/kustomize.test.ts checks that the real kustomize agrees.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { parseAllDocuments, parse as parseYaml } from 'yaml'

export type KObject = Record<string, unknown> & {
  apiVersion: string
  kind: string
  metadata: { name: string; namespace?: string; [key: string]: unknown }
}

interface Kustomization {
  resources?: string[]
  namespace?: string
  images?: { name: string; newName?: string; newTag?: string }[]
  patches?: {
    path?: string
    patch?: string
    target?: { kind?: string; name?: string }
  }[]
}

const KNOWN_FIELDS = new Set(['apiVersion', 'kind', 'resources', 'namespace', 'images', 'patches'])

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** Every YAML document of a file, as plain objects (empty documents dropped). */
export function readYamlDocuments(file: string): unknown[] {
  return parseAllDocuments(readFileSync(file, 'utf8'))
    .map((doc) => {
      if (doc.errors.length > 0) throw new Error(`${file}: ${doc.errors[0]!.message}`)
      return doc.toJS() as unknown
    })
    .filter((doc) => doc !== null && doc !== undefined)
}

function readKustomization(dir: string): Kustomization {
  const file = path.join(dir, 'kustomization.yaml')
  const content = parseYaml(readFileSync(file, 'utf8')) as Record<string, unknown>
  const unknown = Object.keys(content).filter((key) => !KNOWN_FIELDS.has(key))
  if (unknown.length > 0) throw new Error(`${file}: fields this renderer does not know: ${unknown}`)
  return content as Kustomization
}

function asObject(doc: unknown, source: string): KObject {
  if (!isObject(doc) || typeof doc.kind !== 'string' || !isObject(doc.metadata))
    throw new Error(`${source}: not a Kubernetes object`)
  return doc as KObject
}

/** Renders a kustomization folder (a base or an overlay) to its list of objects. */
export function renderKustomization(dir: string): KObject[] {
  const kustomization = readKustomization(dir)
  let objects: KObject[] = []
  for (const resource of kustomization.resources ?? []) {
    const target = path.resolve(dir, resource)
    if (statSync(target).isDirectory()) objects.push(...renderKustomization(target))
    else objects.push(...readYamlDocuments(target).map((doc) => asObject(doc, target)))
  }

  for (const patch of kustomization.patches ?? []) {
    const text = patch.path ? readFileSync(path.resolve(dir, patch.path), 'utf8') : patch.patch
    if (text === undefined) throw new Error(`${dir}: a patch needs path or patch`)
    const docs = parseAllDocuments(text).map((doc) => doc.toJS() as unknown)
    if (docs.length === 1 && Array.isArray(docs[0])) {
      const matches = objects.filter(
        (o) =>
          (!patch.target?.kind || o.kind === patch.target.kind) &&
          (!patch.target?.name || o.metadata.name === patch.target.name),
      )
      if (matches.length === 0) throw new Error(`${dir}: JSON patch matches no object`)
      objects = objects.map((o) =>
        matches.includes(o) ? applyJsonPatch(o, docs[0] as JsonPatchOp[]) : o,
      )
    } else {
      for (const doc of docs.filter(isObject)) {
        const patchObject = asObject(doc, dir)
        const index = objects.findIndex(
          (o) => o.kind === patchObject.kind && o.metadata.name === patchObject.metadata.name,
        )
        if (index < 0)
          throw new Error(
            `${dir}: patch for ${patchObject.kind}/${patchObject.metadata.name} matches nothing`,
          )
        objects[index] = strategicMerge(objects[index], patchObject) as KObject
      }
    }
  }

  if (kustomization.namespace) {
    objects = objects.map((o) => ({
      ...o,
      metadata: { ...o.metadata, namespace: kustomization.namespace! },
    }))
  }
  for (const image of kustomization.images ?? []) {
    objects = objects.map((o) => replaceImages(o, image) as KObject)
  }
  return objects
}

/**
 * Strategic merge as the API server does it for what we patch: maps merge key by key, lists of
 * named maps (containers, env, ports, volumes) merge by name, other lists are replaced.
 */
export function strategicMerge(base: unknown, patch: unknown): unknown {
  if (isObject(base) && isObject(patch)) {
    const merged: Record<string, unknown> = { ...base }
    for (const [key, value] of Object.entries(patch)) {
      merged[key] = key in base ? strategicMerge(base[key], value) : value
    }
    return merged
  }
  if (Array.isArray(base) && Array.isArray(patch) && isNamedList(base) && isNamedList(patch)) {
    const merged = base.map((item) => {
      const update = patch.find((p) => p.name === item.name)
      return update ? strategicMerge(item, update) : item
    })
    for (const item of patch) {
      if (!base.some((b) => b.name === item.name)) merged.push(item)
    }
    return merged
  }
  return patch
}

const isNamedList = (list: unknown[]): list is Record<string, unknown>[] =>
  list.every((item) => isObject(item) && typeof item.name === 'string')

interface JsonPatchOp {
  op: 'add' | 'replace' | 'remove'
  path: string
  value?: unknown
}

export function applyJsonPatch<T>(target: T, ops: JsonPatchOp[]): T {
  const result = structuredClone(target) as unknown
  for (const { op, path: pointer, value } of ops) {
    const keys = pointer
      .split('/')
      .slice(1)
      .map((key) => key.replace(/~1/g, '/').replace(/~0/g, '~'))
    const last = keys.pop()
    if (last === undefined) throw new Error(`JSON patch: empty path`)
    let parent = result as Record<string, unknown> | unknown[]
    for (const key of keys) {
      const next = (parent as Record<string, unknown>)[key]
      if (typeof next !== 'object' || next === null)
        throw new Error(`JSON patch: ${pointer} not found`)
      parent = next as Record<string, unknown> | unknown[]
    }
    const record = parent as Record<string, unknown>
    if (op !== 'add' && !(last in record)) throw new Error(`JSON patch: ${pointer} not found`)
    if (op === 'remove') {
      if (Array.isArray(parent)) parent.splice(Number(last), 1)
      else delete record[last]
    } else if (op === 'add' && Array.isArray(parent)) {
      parent.splice(last === '-' ? parent.length : Number(last), 0, value)
    } else {
      record[last] = value
    }
  }
  return result as T
}

/** kustomize's images transformer: every `image:` of a container whose name matches. */
function replaceImages(
  node: unknown,
  image: { name: string; newName?: string; newTag?: string },
): unknown {
  if (Array.isArray(node)) return node.map((item) => replaceImages(item, image))
  if (!isObject(node)) return node
  const out: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(node)) {
    if (key === 'image' && typeof value === 'string') {
      const [name, tag] = splitImage(value)
      out[key] =
        name === image.name ? `${image.newName ?? name}:${image.newTag ?? tag ?? 'latest'}` : value
    } else {
      out[key] = replaceImages(value, image)
    }
  }
  return out
}

function splitImage(reference: string): [string, string | undefined] {
  const slash = reference.lastIndexOf('/')
  const colon = reference.lastIndexOf(':')
  return colon > slash
    ? [reference.slice(0, colon), reference.slice(colon + 1)]
    : [reference, undefined]
}

/** The base and every overlay under infra/k8s. */
export function kustomizationDirs(k8sDir: string): string[] {
  const overlays = path.join(k8sDir, 'overlays')
  const names = existsSync(overlays) ? readdirSync(overlays).sort() : []
  return [
    path.join(k8sDir, 'base'),
    ...names
      .map((name) => path.join(overlays, name))
      .filter((dir) => existsSync(path.join(dir, 'kustomization.yaml'))),
  ]
}
