import { describe, expect, it } from 'vitest'
import { parseQuery } from './query.ts'

describe('parseQuery', () => {
  it('reads a query string as Koa’s ctx.query does', () => {
    expect(parseQuery('x=%E0%A4%A&y=%2&=z&&q=%D8%B3+%2B')).toEqual({
      x: '\uFFFD%A',
      y: '%2',
      '': 'z',
      q: 'س +',
    })
    expect(parseQuery('')).toEqual({})
    expect(parseQuery('amount=100&currency=USD')).toEqual({ amount: '100', currency: 'USD' })
    expect(parseQuery('amount=%DB%B5%DB%B0.5&currency=eur&q=%D8%B3%D9%84%D8%A7%D9%85+x')).toEqual({
      amount: '۵۰.5',
      currency: 'eur',
      q: 'سلام x',
    })
    expect(parseQuery('x=a%26b%3Dc&empty=&bare')).toEqual({ x: 'a&b=c', empty: '', bare: '' })
  })

  it('turns a repeated key into an array, in order', () => {
    expect(parseQuery('stage=paid&page=2&stage=completed&stage=failed')).toEqual({
      stage: ['paid', 'completed', 'failed'],
      page: '2',
    })
  })

  it('keeps __proto__ and constructor as plain data', () => {
    const query = parseQuery('__proto__=x&constructor=y&toString=z')
    expect(Object.getPrototypeOf(query)).toBe(null)
    expect(Object.keys(query)).toEqual(['__proto__', 'constructor', 'toString'])
    expect(Object.getOwnPropertyDescriptor(query, '__proto__')?.value).toBe('x')
  })
})
