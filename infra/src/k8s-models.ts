/**
 * Validation of rendered objects: kubernetes-models checks values against the Kubernetes OpenAPI
 * schemas (types, formats such as quantities, required fields) but lets unknown fields through,
 * which the API server refuses (strict field validation); `unknownFieldErrors` catches those with
 * TypeScript's excess-property check against the same models' type declarations.
 */
import { writeFileSync, mkdtempSync, rmSync } from 'node:fs'
import path from 'node:path'
import ts from 'typescript'
import { ConfigMap } from 'kubernetes-models/v1/ConfigMap'
import { Service } from 'kubernetes-models/v1/Service'
import { Deployment } from 'kubernetes-models/apps/v1/Deployment'
import { Job } from 'kubernetes-models/batch/v1/Job'
import { HorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2/HorizontalPodAutoscaler'
import { PodDisruptionBudget } from 'kubernetes-models/policy/v1/PodDisruptionBudget'
import { Ingress } from 'kubernetes-models/networking.k8s.io/v1/Ingress'
import type { KObject } from './kustomize.ts'
import { INFRA_DIR } from './paths.ts'

/** apiVersion/kind → the model class and where its type declaration lives. */
const MODELS = {
  'v1/ConfigMap': { model: ConfigMap, module: 'kubernetes-models/v1/ConfigMap' },
  'v1/Service': { model: Service, module: 'kubernetes-models/v1/Service' },
  'apps/v1/Deployment': { model: Deployment, module: 'kubernetes-models/apps/v1/Deployment' },
  'batch/v1/Job': { model: Job, module: 'kubernetes-models/batch/v1/Job' },
  'autoscaling/v2/HorizontalPodAutoscaler': {
    model: HorizontalPodAutoscaler,
    module: 'kubernetes-models/autoscaling/v2/HorizontalPodAutoscaler',
  },
  'policy/v1/PodDisruptionBudget': {
    model: PodDisruptionBudget,
    module: 'kubernetes-models/policy/v1/PodDisruptionBudget',
  },
  'networking.k8s.io/v1/Ingress': {
    model: Ingress,
    module: 'kubernetes-models/networking.k8s.io/v1/Ingress',
  },
} as const

type ModelKey = keyof typeof MODELS

const keyOf = (object: KObject) => `${object.apiVersion}/${object.kind}`
const isKnown = (key: string): key is ModelKey => key in MODELS

export const describe = (object: KObject) => `${object.kind}/${object.metadata.name}`

/** Schema errors of one object ('' when valid); an unknown apiVersion/kind is an error too. */
export function schemaErrors(object: KObject): string {
  const key = keyOf(object)
  if (!isKnown(key)) return `${describe(object)}: no schema for ${key}`
  try {
    new MODELS[key].model(object as never).validate()
    return ''
  } catch (error) {
    return `${describe(object)}: ${(error as Error).message}`
  }
}

/**
 * Fields that do not exist in the object's type (a misspelt `readinesProbe` would otherwise be
 * dropped or refused only at `kubectl apply`). One TypeScript program for all objects.
 */
export function unknownFieldErrors(objects: KObject[]): string[] {
  const lines: string[] = []
  objects.forEach((object, index) => {
    const key = keyOf(object)
    if (!isKnown(key)) return
    lines.push(`import type { I${object.kind} as T${index} } from '${MODELS[key].module}'`)
    lines.push(`export const o${index}: T${index} = ${JSON.stringify(object)}`)
  })
  // Inside infra/ so that the models resolve from node_modules like any other import.
  const dir = mkdtempSync(path.join(INFRA_DIR, '.manifest-types-'))
  const file = path.join(dir, 'manifests.ts')
  try {
    writeFileSync(file, lines.join('\n'))
    const program = ts.createProgram([file], {
      strict: true,
      noEmit: true,
      skipLibCheck: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      types: [],
    })
    return ts.getPreEmitDiagnostics(program).map((diagnostic) => {
      const message = ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n')
      const line = diagnostic.file?.getLineAndCharacterOfPosition(diagnostic.start ?? 0).line
      const object = line === undefined ? undefined : objects[Math.floor(line / 2)]
      return `${object ? describe(object) : 'manifest'}: ${message.split('\n').at(-1)}`
    })
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}
