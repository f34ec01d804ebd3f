import fs from 'node:fs'
import path from 'node:path'

import type { Core } from '@strapi/strapi'
import S3rver from 's3rver'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { createTestStrapi, destroyStrapi, listen, makeTempDir, setEnv, testEnv } from './harness'

// Media uploads through @strapi/provider-upload-aws-s3 into a real local S3 server (s3rver),
// switched on by CMS_UPLOAD_PROVIDER=s3 alone: the same path as production with a bucket.
const BUCKET = 'arzpol-cms'
const temp = makeTempDir()
const s3Dir = path.join(temp.dir, 's3')
fs.mkdirSync(s3Dir)
const s3 = new S3rver({
  address: '127.0.0.1',
  port: 0,
  silent: true,
  directory: s3Dir,
  configureBuckets: [{ name: BUCKET, configs: [] }],
})

let strapi: Core.Strapi
let base = ''
let endpoint = ''
let token = ''
let restoreEnv: () => void = () => {}

beforeAll(async () => {
  const { port } = await s3.run()
  endpoint = `http://127.0.0.1:${port}`
  restoreEnv = setEnv({
    ...testEnv(`${temp.dir}/cms.db`),
    CMS_SEED: 'false',
    CMS_UPLOAD_PROVIDER: 's3',
    CMS_S3_BUCKET: BUCKET,
    CMS_S3_ENDPOINT: endpoint,
    CMS_S3_FORCE_PATH_STYLE: 'true',
    CMS_S3_ACCESS_KEY_ID: 'S3RVER',
    CMS_S3_SECRET_ACCESS_KEY: 'S3RVER',
    CMS_S3_PUBLIC_URL: `${endpoint}/${BUCKET}`,
    CMS_S3_ROOT_PATH: 'media/',
  })
  strapi = createTestStrapi()
  await strapi.load()
  base = await listen(strapi)
  const created = (await strapi.service('admin::api-token').create({
    name: 'upload test',
    type: 'full-access',
    lifespan: null,
  })) as { accessKey: string }
  token = created.accessKey
})

afterAll(async () => {
  if (strapi) await destroyStrapi(strapi)
  await s3.close()
  restoreEnv()
  temp.cleanup()
})

const objectUrl = (key: string) => `${endpoint}/${BUCKET}/${key}`

describe('uploads to an S3-compatible bucket', () => {
  let uploaded: { id: number; url: string; provider: string }

  it('stores an uploaded file in the bucket under the root path, with its public URL', async () => {
    const form = new FormData()
    const body = 'سلام ارزپل\n'
    form.append('files', new Blob([body], { type: 'text/plain' }), 'salam.txt')
    const response = await fetch(`${base}/api/upload`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}` },
      body: form,
    })
    expect(response.status).toBe(201)
    const files = (await response.json()) as (typeof uploaded)[]
    expect(files).toHaveLength(1)
    uploaded = files[0]!
    expect(uploaded.provider).toBe('aws-s3')
    expect(uploaded.url.startsWith(`${endpoint}/${BUCKET}/media/`)).toBe(true)

    const stored = await fetch(uploaded.url)
    expect(stored.status).toBe(200)
    expect(await stored.text()).toBe(body)
    // Nothing went to the local provider's folder.
    const local = path.join(strapi.dirs.static.public, 'uploads', path.basename(uploaded.url))
    expect(fs.existsSync(local)).toBe(false)
  })

  it('deletes the object when the file is deleted in the media library', async () => {
    const key = new URL(uploaded.url).pathname.replace(`/${BUCKET}/`, '')
    expect((await fetch(objectUrl(key))).status).toBe(200)
    const response = await fetch(`${base}/api/upload/files/${uploaded.id}`, {
      method: 'DELETE',
      headers: { Authorization: `Bearer ${token}` },
    })
    expect(response.status).toBe(200)
    expect((await fetch(objectUrl(key))).status).toBe(404)
  })

  it("lets the admin's CSP load images from the bucket", async () => {
    // Every response carries the policy; the admin bundle itself is not built for tests.
    const response = await fetch(`${base}/_health`)
    const csp = response.headers.get('content-security-policy') ?? ''
    expect(csp).toMatch(new RegExp(`img-src [^;]*${endpoint.replace(/[.:/]/g, '\\$&')}`))
  })
})
