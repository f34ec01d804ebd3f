import { randomBytes } from 'node:crypto'
import { constants, createReadStream } from 'node:fs'
import { copyFile, mkdir, open, rename, rm, stat } from 'node:fs/promises'
import path from 'node:path'
import type { Readable } from 'node:stream'
import { assertStorageKey, partsOf, StoredFileNotFound, type FileStorage } from './storage.ts'

/**
 * Files on this machine's disk under one folder (the default for development and a single
 * host). Writes go to a temporary name first and are renamed into place, so a crash never
 * leaves half a file under a real key. Files are readable by the service's user only.
 */
export function createLocalStorage(root: string): FileStorage {
  const base = path.resolve(root)
  const fileFor = (key: string) => {
    assertStorageKey(key)
    return path.join(base, ...key.split('/'))
  }

  return {
    driver: 'local',

    async put(key, data) {
      await writeInPlace(fileFor(key), async (temporary) => {
        // 'wx': never overwrite; a clash of random names would be a bug worth failing on.
        const handle = await open(temporary, 'wx', 0o600)
        try {
          // Each writeFile goes on from where the one before stopped.
          for (const part of partsOf(data)) await handle.writeFile(part)
          await handle.sync()
        } finally {
          await handle.close()
        }
      })
    },

    async putFile(key, localPath) {
      await writeInPlace(fileFor(key), async (temporary) => {
        await copyFile(localPath, temporary, constants.COPYFILE_EXCL)
        const handle = await open(temporary, 'r+')
        try {
          await handle.chmod(0o600)
          await handle.sync()
        } finally {
          await handle.close()
        }
      })
    },

    async get(key): Promise<Readable> {
      const file = fileFor(key)
      // stat first, so a missing file is reported before any response header is written.
      const found = await stat(file).catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') return null
        throw error
      })
      if (!found?.isFile()) throw new StoredFileNotFound(key)
      return createReadStream(file)
    },

    async delete(key) {
      await rm(fileFor(key), { force: true })
    },
  }
}

/** `write` fills a temporary name beside `target`, which is then renamed into place. */
async function writeInPlace(target: string, write: (temporary: string) => Promise<void>) {
  await mkdir(path.dirname(target), { recursive: true, mode: 0o700 })
  const temporary = `${target}.${randomBytes(6).toString('hex')}.tmp`
  try {
    await write(temporary)
    await rename(temporary, target)
  } catch (error) {
    await rm(temporary, { force: true })
    throw error
  }
}
