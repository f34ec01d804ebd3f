import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { kustomizationDirs, renderKustomization, type KObject } from '../src/kustomize.ts'
import {
  exampleSecret,
  refusals,
  SERVICES,
  unknownVariables,
  type ServiceName,
} from '../src/service-env.ts'
import { INFRA_DIR } from '../src/paths.ts'

type Any = Record<string, any> // eslint-disable-line @typescript-eslint/no-explicit-any

const K8S_DIR = path.join(INFRA_DIR, 'k8s')
const renders = kustomizationDirs(K8S_DIR).map((dir) => ({
  name: path.relative(K8S_DIR, dir),
  objects: renderKustomization(dir),
}))

/**
 * The environment a container would get: its ConfigMaps' data, literal values, and for each
 * secretKeyRef a value of the shape the README tells operators to generate. Optional secret keys
 * stay unset (the service must start without them).
 */
function containerEnv(objects: KObject[], container: Any): Record<string, string> {
  const configMap = (name: string) => {
    const found = objects.find((o) => o.kind === 'ConfigMap' && o.metadata.name === name) as Any
    if (!found) throw new Error(`ConfigMap ${name} is referenced but not part of the render`)
    return found.data as Record<string, string>
  }
  const env: Record<string, string> = {}
  for (const source of container.envFrom ?? [])
    Object.assign(env, configMap(source.configMapRef.name))
  for (const entry of container.env ?? []) {
    const from = entry.valueFrom
    if (entry.value !== undefined) env[entry.name] = entry.value
    else if (from?.configMapKeyRef)
      env[entry.name] = configMap(from.configMapKeyRef.name)[from.configMapKeyRef.key]!
    else if (from?.secretKeyRef && !from.secretKeyRef.optional)
      env[entry.name] = exampleSecret(from.secretKeyRef.key)
  }
  return env
}

const variableNames = (container: Any, objects: KObject[]) =>
  Object.keys({
    ...containerEnv(objects, container),
    // Optional secrets count as names the service must know.
    ...Object.fromEntries((container.env ?? []).map((e: Any) => [e.name, ''])),
  })

describe.each(renders)('$name: environment of each service', ({ objects }) => {
  const deployments = objects.filter((o) => o.kind === 'Deployment') as Any[]

  it.each(Object.keys(SERVICES) as ServiceName[])(
    '%s: sets only variables its env schema knows',
    (service) => {
      const deployment = deployments.find((d) => d.metadata.name === service)!
      const [container] = deployment.spec.template.spec.containers
      expect(unknownVariables(service, variableNames(container, objects))).toEqual([])
    },
  )

  it.each(Object.keys(SERVICES) as ServiceName[])(
    '%s: starts in the production profile with the Secrets filled in',
    (service) => {
      const deployment = deployments.find((d) => d.metadata.name === service)!
      const env = containerEnv(objects, deployment.spec.template.spec.containers[0])
      expect(env.APP_ENV).toBe('production')
      expect(refusals(service, env)).toEqual([])
    },
  )

  it('the migration Job gives the migrate CLI its database and nothing else', () => {
    const job = objects.find((o) => o.kind === 'Job') as Any
    const [container] = job.spec.template.spec.containers
    expect(Object.keys(containerEnv(objects, container))).toEqual(['DATABASE_URL'])
    expect(unknownVariables('payments-service', variableNames(container, objects))).toEqual([])
  })
})

describe('the environment check itself', () => {
  it('names a variable no schema knows, and a required one left out', () => {
    expect(unknownVariables('web', ['SESSION_SECRET', 'SESION_SECRET', 'PORT'])).toEqual([
      'SESION_SECRET',
    ])
    expect(refusals('web', { APP_ENV: 'production', WEB_PUBLIC_URL: 'https://arzpol.ir' })).toEqual(
      ['SESSION_SECRET: is required (at least 32 characters)'],
    )
  })
})
