import { describe, expect, it } from 'vitest'
import { readFormData, UNREADABLE_FORM } from './form-data.server.ts'

const post = (body: string, type: string) =>
  new Request('http://web.test/x', { method: 'POST', body, headers: { 'Content-Type': type } })

async function refusal(promise: Promise<unknown>): Promise<Response> {
  try {
    await promise
  } catch (error) {
    if (error instanceof Response) return error
    throw error
  }
  throw new Error('expected a thrown Response')
}

describe('readFormData', () => {
  it('reads urlencoded and multipart forms', async () => {
    expect(
      (await readFormData(post('a=1&b=%D8%A8', 'application/x-www-form-urlencoded'))).get('b'),
    ).toBe('ب')
    const form = await readFormData(
      post(
        '--B\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--B--\r\n',
        'multipart/form-data; boundary=B',
      ),
    )
    expect(form.get('a')).toBe('1')
  })

  it('answers a Persian 400 for bodies that are no form', async () => {
    for (const [body, type] of [
      ['a=1', 'text/plain'],
      ['{"a": 1}', 'application/json'],
      ['--B\r\ncut', 'multipart/form-data; boundary=B'],
      ['x', 'multipart/form-data'],
    ] as const) {
      const response = await refusal(readFormData(post(body, type)))
      expect(response.status, type).toBe(400)
      expect(await response.text()).toBe(UNREADABLE_FORM)
    }
  })
})
