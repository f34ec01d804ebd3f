import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { kustomizationDirs, renderKustomization, type KObject } from '../src/kustomize.ts'
import { describe as name, schemaErrors, unknownFieldErrors } from '../src/k8s-models.ts'
import { INFRA_DIR } from '../src/paths.ts'

const K8S_DIR = path.join(INFRA_DIR, 'k8s')
const renders = kustomizationDirs(K8S_DIR).map((dir) => ({
  name: path.relative(K8S_DIR, dir),
  objects: renderKustomization(dir),
}))

type Any = Record<string, any> // eslint-disable-line @typescript-eslint/no-explicit-any
const ofKind = (objects: KObject[], kind: string) => objects.filter((o) => o.kind === kind) as Any[]
const podSpec = (workload: Any) => workload.spec.template.spec as Any
const containersOf = (workload: Any) => podSpec(workload).containers as [Any, ...Any[]]

describe('the renders', () => {
  it('are the base and the production overlay', () => {
    expect(renders.map((r) => r.name)).toEqual(['base', 'overlays/production'])
  })

  // One TypeScript program for all of them: each costs seconds.
  it('have no field Kubernetes does not know', () => {
    expect(unknownFieldErrors(renders.flatMap((r) => r.objects))).toEqual([])
  })
})

describe.each(renders)('$name', ({ objects }) => {
  it('holds every part of the deployment', () => {
    expect(objects.map(name).sort()).toEqual([
      'ConfigMap/cms-config',
      'ConfigMap/payments-config',
      'ConfigMap/web-config',
      'Deployment/cms',
      'Deployment/payments-service',
      'Deployment/web',
      'HorizontalPodAutoscaler/payments-service',
      'HorizontalPodAutoscaler/web',
      'Ingress/arzpol',
      'Ingress/arzpol-live',
      'Job/payments-migrate',
      'PodDisruptionBudget/payments-service',
      'PodDisruptionBudget/web',
      'Service/cms',
      'Service/payments-service',
      'Service/web',
    ])
  })

  it('is valid against the Kubernetes schemas', () => {
    expect(objects.map(schemaErrors).filter(Boolean)).toEqual([])
  })

  it('commits no Secret: secrets are referenced by name only', () => {
    expect(ofKind(objects, 'Secret')).toEqual([])
  })

  it('gives every container resources, a non-root user and no privilege escalation', () => {
    for (const workload of [...ofKind(objects, 'Deployment'), ...ofKind(objects, 'Job')]) {
      const pod = podSpec(workload)
      expect(pod.securityContext.runAsNonRoot, name(workload as KObject)).toBe(true)
      expect(pod.securityContext.runAsUser).toBe(1000) // the node user of the images
      expect(pod.automountServiceAccountToken).toBe(false)
      for (const container of pod.containers as Any[]) {
        expect(container.resources.requests).toMatchObject({ cpu: expect.anything() })
        expect(container.resources.limits).toMatchObject({ memory: expect.anything() })
        expect(container.securityContext).toMatchObject({
          allowPrivilegeEscalation: false,
          capabilities: { drop: ['ALL'] },
        })
        // Strapi writes into its app folder at start (cms.yaml says why).
        expect(container.securityContext.readOnlyRootFilesystem).toBe(
          workload.metadata.name !== 'cms',
        )
      }
    }
  })

  it('probes each service on its own health route', () => {
    const probes = Object.fromEntries(
      ofKind(objects, 'Deployment').map((d) => {
        const [container] = containersOf(d)
        return [
          d.metadata.name,
          [container.readinessProbe.httpGet.path, container.livenessProbe.httpGet.path],
        ]
      }),
    )
    expect(probes).toEqual({
      'payments-service': ['/readyz', '/healthz'],
      web: ['/healthz', '/healthz'],
      cms: ['/_health', '/_health'],
    })
  })

  it('autoscales and protects web and payments-service', () => {
    const deployments = ofKind(objects, 'Deployment')
    for (const service of ['web', 'payments-service']) {
      const deployment = deployments.find((d) => d.metadata.name === service)!
      const hpa = ofKind(objects, 'HorizontalPodAutoscaler').find(
        (h) => h.metadata.name === service,
      )!
      expect(hpa.spec.scaleTargetRef).toEqual({
        apiVersion: 'apps/v1',
        kind: 'Deployment',
        name: service,
      })
      expect(hpa.spec.minReplicas).toBeGreaterThanOrEqual(2)
      expect(hpa.spec.maxReplicas).toBeGreaterThan(hpa.spec.minReplicas)
      const pdb = ofKind(objects, 'PodDisruptionBudget').find((p) => p.metadata.name === service)!
      expect(pdb.spec.minAvailable).toBeLessThan(hpa.spec.minReplicas)
      expect(deployment.spec.template.metadata.labels).toMatchObject(pdb.spec.selector.matchLabels)
    }
  })

  it('wires Services to pods and the Ingress to Services by port name', () => {
    const deployments = ofKind(objects, 'Deployment')
    const services = ofKind(objects, 'Service')
    for (const service of services) {
      const pods = deployments.filter((d) =>
        Object.entries(service.spec.selector).every(
          ([key, value]) => d.spec.template.metadata.labels[key] === value,
        ),
      )
      expect(pods.map((d) => d.metadata.name)).toEqual([service.metadata.name])
      const portNames = containersOf(pods[0]!).flatMap((c: Any) => c.ports.map((p: Any) => p.name))
      for (const port of service.spec.ports) expect(portNames).toContain(port.targetPort)
    }
    const [ingress] = ofKind(objects, 'Ingress')
    const backends = ingress!.spec.rules.flatMap((rule: Any) =>
      rule.http.paths.map((p: Any) => `${rule.host}${p.path} → ${p.backend.service.name}`),
    )
    expect(backends.map((b: string) => b.replace(/^[^/]*/, ''))).toEqual([
      '/api → payments-service',
      '/ → web',
      '/ → cms',
    ])
    for (const rule of ingress!.spec.rules as Any[]) {
      expect(ingress!.spec.tls[0].hosts).toContain(rule.host)
      for (const p of rule.http.paths) {
        const target = services.find((s) => s.metadata.name === p.backend.service.name)!
        expect(target.spec.ports.map((port: Any) => port.name)).toContain(
          p.backend.service.port.name,
        )
      }
    }
  })

  it('sends live updates through unbuffered, with a read timeout above the heartbeat', () => {
    const live = ofKind(objects, 'Ingress').find((i) => i.metadata.name === 'arzpol-live')!
    const annotations = live.metadata.annotations
    expect(annotations['nginx.ingress.kubernetes.io/proxy-buffering']).toBe('off')
    expect(Number(annotations['nginx.ingress.kubernetes.io/proxy-read-timeout'])).toBeGreaterThan(
      60,
    )
    const paths = live.spec.rules.flatMap((rule: Any) => rule.http.paths)
    expect(paths.map((p: Any) => p.backend.service.name)).toEqual(['web', 'web'])
    for (const url of ['/dashboard/tickets/12/live', '/dashboard/orders/7/live', '/staff/live']) {
      expect(paths.some((p: Any) => new RegExp(`^${p.path}`).test(url))).toBe(true)
    }
    expect(paths.some((p: Any) => new RegExp(`^${p.path}`).test('/dashboard/tickets/12'))).toBe(
      false,
    )
  })

  it('runs the migrations as a Job of the payments-service image', () => {
    const [job] = ofKind(objects, 'Job')
    const [migrate] = containersOf(job!)
    const payments = ofKind(objects, 'Deployment').find(
      (d) => d.metadata.name === 'payments-service',
    )!
    expect(migrate.image).toBe(containersOf(payments)[0].image)
    expect(migrate.command).toEqual(['node', '--import', 'tsx', 'src/db/migrate-cli.ts'])
    expect(podSpec(job!).restartPolicy).toBe('Never')
  })
})

describe('production overlay', () => {
  const production = renders.find((r) => r.name === 'overlays/production')!.objects

  it('puts everything in the arzpol namespace and pins released images', () => {
    expect(new Set(production.map((o) => o.metadata.namespace))).toEqual(new Set(['arzpol']))
    const images = [...ofKind(production, 'Deployment'), ...ofKind(production, 'Job')].flatMap(
      (w) => containersOf(w).map((c: Any) => c.image as string),
    )
    for (const image of images)
      expect(image).toMatch(/^registry\.[^/]+\/arzpol\/[a-z-]+:\d+\.\d+\.\d+$/)
  })
})

describe('secrets', () => {
  const refs = new Set<string>()
  for (const { objects } of renders) {
    JSON.stringify(objects, (key, value) => {
      if (key === 'secretKeyRef') refs.add(`${value.name} ${value.key}`)
      return value
    })
  }

  it('every Secret key a manifest reads is in the README list of what to create', () => {
    const readme = readFileSync(path.join(INFRA_DIR, 'README.md'), 'utf8')
    const missing = [...refs].filter((ref) => {
      const [secret, key] = ref.split(' ')
      return !new RegExp(`\`${secret}\`[^\\n]*\`${key}\``).test(readme)
    })
    expect(refs.size).toBeGreaterThan(10)
    expect(missing).toEqual([])
  })
})

describe('the checks themselves', () => {
  const deployment = renders[0]!.objects.find((o) => name(o) === 'Deployment/web')!

  it('catch a misspelt field', () => {
    const broken = structuredClone(deployment) as Any
    broken.spec.template.spec.containers[0].readinesProbe = { httpGet: { path: '/', port: 1 } }
    expect(unknownFieldErrors([broken as KObject])).toEqual([
      expect.stringMatching(
        /Deployment\/web: .*'"readinesProbe"' does not exist in type 'IContainer'/,
      ),
    ])
  })

  it('catch a malformed value', () => {
    const broken = structuredClone(deployment) as Any
    broken.spec.template.spec.containers[0].resources.limits.memory = 'lots'
    expect(schemaErrors(broken as KObject)).toMatch(/limits\/memory must match format "quantity"/)
  })
})
