import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import { INFRA_DIR } from '../src/paths.ts'

interface Rule {
  alert: string
  expr: string
  for?: string
  labels?: Record<string, string>
  annotations?: Record<string, string>
}

describe('prometheus/alerts.yaml', () => {
  const file = path.join(INFRA_DIR, 'prometheus', 'alerts.yaml')
  const doc = parse(readFileSync(file, 'utf8')) as {
    groups: Array<{ name: string; rules: Rule[] }>
  }
  const rules = doc.groups.flatMap((group) => group.rules)

  it('parses into named groups of alerts, each with an expression and a summary', () => {
    expect(doc.groups.length).toBeGreaterThan(0)
    for (const rule of rules) {
      expect(rule.alert).toMatch(/^[A-Za-z][A-Za-z0-9]*$/)
      expect(rule.expr.trim()).not.toBe('')
      expect(rule.annotations?.summary).toBeTruthy()
    }
  })

  it('pages when money to return has waited more than an hour', () => {
    const old = rules.find((rule) => rule.alert === 'ArzpolMoneyToReturnOld')
    expect(old?.expr).toContain('arzpol_money_to_return_oldest_seconds')
    expect(old?.expr).toMatch(/> 3600\b/)
    expect(old?.labels?.severity).toBe('page')
  })
})
