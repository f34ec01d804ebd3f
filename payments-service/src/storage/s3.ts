import { createReadStream } from 'node:fs'
import { stat } from 'node:fs/promises'
import { Readable } from 'node:stream'
import {
  DeleteObjectCommand,
  GetObjectCommand,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3'
import { assertStorageKey, partsOf, StoredFileNotFound, type FileStorage } from './storage.ts'

export interface S3StorageOptions {
  bucket: string
  region: string
  /** For S3-compatible services (MinIO, ArvanCloud, Ceph...); AWS itself needs none. */
  endpoint?: string | undefined
  /** `bucket` in the path instead of the host name; most S3-compatible services want it. */
  forcePathStyle?: boolean
  /** Without them the SDK's default chain applies (environment, instance role...). */
  credentials?: { accessKeyId: string; secretAccessKey: string } | undefined
  /** Prepended to every key, e.g. `arzpol/`; lets one bucket serve several environments. */
  prefix?: string
}

/** Attachments in an S3-compatible bucket, private: nothing is ever given a public URL. */
export function createS3Storage(options: S3StorageOptions): FileStorage & { client: S3Client } {
  const client = new S3Client({
    region: options.region,
    ...(options.endpoint && { endpoint: options.endpoint }),
    forcePathStyle: options.forcePathStyle ?? false,
    ...(options.credentials && { credentials: options.credentials }),
    // Checksums only where S3 requires them: many S3-compatible services reject the newer
    // default (CRC32 trailers on every upload).
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  })
  const prefix = options.prefix ?? ''
  const objectKey = (key: string) => {
    assertStorageKey(key)
    return `${prefix}${key}`
  }

  return {
    driver: 's3',
    client,

    async put(key, data, contentType) {
      const parts = partsOf(data)
      await client.send(
        new PutObjectCommand({
          Bucket: options.bucket,
          Key: objectKey(key),
          // Parts go as one stream of known length (no checksum trailer, see above).
          Body: parts.length === 1 ? parts[0] : Readable.from(parts),
          ContentType: contentType,
          ContentLength: parts.reduce((sum, part) => sum + part.length, 0),
        }),
      )
    },

    async putFile(key, localPath, contentType) {
      const { size } = await stat(localPath)
      await client.send(
        new PutObjectCommand({
          Bucket: options.bucket,
          Key: objectKey(key),
          Body: createReadStream(localPath),
          ContentType: contentType,
          ContentLength: size,
        }),
      )
    },

    async get(key) {
      try {
        const object = await client.send(
          new GetObjectCommand({ Bucket: options.bucket, Key: objectKey(key) }),
        )
        if (!(object.Body instanceof Readable)) throw new Error('S3 answered without a body')
        return object.Body
      } catch (error) {
        const missing =
          error instanceof NoSuchKey ||
          (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404)
        if (missing) throw new StoredFileNotFound(key)
        throw error
      }
    },

    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket: options.bucket, Key: objectKey(key) }))
    },
  }
}
