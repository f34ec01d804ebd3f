import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { createLocalStorage } from '../storage/local.ts'
import { capturedLogger } from '../test/log-capture.ts'
import { ApiError } from './errors.ts'
import { readStoredFile, saveOrDiscardFile } from './stored-files.ts'

const root = mkdtempSync(path.join(os.tmpdir(), 'arzpol-stored-files-'))
afterAll(() => rmSync(root, { recursive: true, force: true }))
const storage = createLocalStorage(root)
const gone = () => new ApiError(404, 'یافت نشد', 'not_found')

describe('stored files and their rows', () => {
  it('removes the file when its row is not saved, and the save’s error is what comes out', async () => {
    const { logger } = capturedLogger()
    await storage.put('docs/2026/11/a', Buffer.from('x'), 'text/plain')
    const saving = saveOrDiscardFile(storage, 'docs/2026/11/a', logger, () =>
      Promise.reject(new Error('insert failed')),
    )
    await expect(saving).rejects.toThrow('insert failed')
    await expect(storage.get('docs/2026/11/a')).rejects.toThrow()
  })

  it('keeps the file when the row is saved', async () => {
    const { logger } = capturedLogger()
    await storage.put('docs/2026/11/b', Buffer.from('x'), 'text/plain')
    expect(await saveOrDiscardFile(storage, 'docs/2026/11/b', logger, async () => 7)).toBe(7)
    await expect(storage.get('docs/2026/11/b')).resolves.toBeDefined()
  })

  it('answers a row whose file is gone with the refusal, and logs it', async () => {
    const { lines, logger } = capturedLogger()
    const reading = readStoredFile(storage.get('docs/2026/11/none'), {
      logger,
      context: { document_id: 5 },
      refusal: gone,
    })
    await expect(reading).rejects.toMatchObject({ status: 404, code: 'not_found' })
    expect(lines).toEqual([expect.objectContaining({ document_id: 5, msg: 'stored file missing' })])
  })
})
