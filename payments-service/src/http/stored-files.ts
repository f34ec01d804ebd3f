import type { Logger } from 'pino'
import { StoredFileNotFound } from '../storage/index.ts'

/**
 * Saves the row that names a file just stored under `key`. Should that fail, the file is
 * removed again, so that no file is left without a row; a failed removal is only logged, the
 * save's own error is what the caller sees.
 */
export async function saveOrDiscardFile<T>(
  storage: { delete(key: string): Promise<void> },
  key: string,
  logger: Logger,
  save: () => Promise<T>,
): Promise<T> {
  try {
    return await save()
  } catch (error) {
    await storage.delete(key).catch((cleanupError: unknown) => {
      logger.error(
        { err: cleanupError, storage_key: key },
        'could not remove a file whose row was not saved',
      )
    })
    throw error
  }
}

/**
 * A stored file whose row was found. Its file missing (the row outlived it) is logged as an
 * error with `context` and answered with `refusal`: the same "not found" as a missing row.
 */
export async function readStoredFile<T>(
  read: Promise<T>,
  missing: { logger: Logger; context: Record<string, unknown>; refusal: () => Error },
): Promise<T> {
  try {
    return await read
  } catch (error) {
    if (!(error instanceof StoredFileNotFound)) throw error
    missing.logger.error(missing.context, 'stored file missing')
    throw missing.refusal()
  }
}
