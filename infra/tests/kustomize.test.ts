import { spawnSync } from 'node:child_process'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { parseAllDocuments } from 'yaml'
import {
  applyJsonPatch,
  kustomizationDirs,
  renderKustomization,
  strategicMerge,
} from '../src/kustomize.ts'
import { INFRA_DIR } from '../src/paths.ts'

const K8S_DIR = path.join(INFRA_DIR, 'k8s')
const kubectl = spawnSync('kubectl', ['version', '--client'], { encoding: 'utf8' })
const hasKubectl = kubectl.status === 0

const byName = (objects: { kind: string; metadata: { name: string } }[]) =>
  Object.fromEntries(objects.map((o) => [`${o.kind}/${o.metadata.name}`, o]))

describe('the renderer', () => {
  it('merges named lists by name and replaces other lists', () => {
    const base = {
      containers: [
        { name: 'a', image: 'x', env: [{ name: 'K', value: '1' }] },
        { name: 'b', image: 'y' },
      ],
      args: ['1', '2'],
    }
    const patch = { containers: [{ name: 'a', env: [{ name: 'L', value: '2' }] }], args: ['3'] }
    expect(strategicMerge(base, patch)).toEqual({
      containers: [
        {
          name: 'a',
          image: 'x',
          env: [
            { name: 'K', value: '1' },
            { name: 'L', value: '2' },
          ],
        },
        { name: 'b', image: 'y' },
      ],
      args: ['3'],
    })
  })

  it('applies JSON patches and refuses a path that is not there', () => {
    const doc = { spec: { rules: [{ host: 'a' }] } }
    expect(
      applyJsonPatch(doc, [{ op: 'replace', path: '/spec/rules/0/host', value: 'b' }]),
    ).toEqual({
      spec: { rules: [{ host: 'b' }] },
    })
    expect(doc.spec.rules[0]!.host).toBe('a')
    expect(() => applyJsonPatch(doc, [{ op: 'replace', path: '/spec/nothing', value: 1 }])).toThrow(
      '/spec/nothing not found',
    )
  })
})

// kubectl (with kustomize built in) is on the project's machines; a laptop without it still
// renders through src/kustomize.ts, which this proves equal to the real thing.
describe.skipIf(!hasKubectl)('agreement with kubectl kustomize', () => {
  it.each(kustomizationDirs(K8S_DIR).map((dir) => [path.relative(K8S_DIR, dir), dir]))(
    '%s renders the same objects',
    (_, dir) => {
      const run = spawnSync('kubectl', ['kustomize', dir], { encoding: 'utf8' })
      expect(run.stderr).toBe('')
      const real = parseAllDocuments(run.stdout).map((doc) => doc.toJS())
      expect(byName(renderKustomization(dir))).toEqual(byName(real))
    },
  )
})
