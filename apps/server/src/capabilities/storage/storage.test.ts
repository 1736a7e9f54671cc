import { createHash, randomBytes } from 'node:crypto'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startS3Server, type TestS3Server } from '../../../test-support/s3-server'
import { type ObjectStore, openStore, type S3Location, StorageError, type StorageTarget, storedSha256 } from './index'

let scratch: string
let s3: TestS3Server
let payload: Buffer
let file: string

beforeAll(async () => {
  scratch = await mkdtemp(path.join(tmpdir(), 'rs-storage-'))
  s3 = await startS3Server(['rs-store-test'])
  payload = randomBytes(300_000)
  file = path.join(scratch, 'payload.bin')
  await writeFile(file, payload)
})

afterAll(async () => {
  await s3.close()
  await rm(scratch, { recursive: true, force: true })
})

async function bytesOf(stream: AsyncIterable<unknown>): Promise<Buffer> {
  const chunks: Buffer[] = []
  for await (const c of stream) chunks.push(c as Buffer)
  return Buffer.concat(chunks)
}

const s3Location = (bucket: string, prefix: string): S3Location => ({
  endpoint: s3.endpoint,
  region: 'us-east-1',
  bucket,
  prefix,
  forcePathStyle: true,
  accessKeyId: s3.accessKeyId,
  secretAccessKey: s3.secretAccessKey,
})
const s3Target = (bucket: string, prefix: string): StorageTarget => ({ kind: 's3', location: s3Location(bucket, prefix) })

// the same contract for both implementations
const stores: Array<[string, () => ObjectStore]> = [
  ['a folder', () => openStore({ kind: 'folder', root: path.join(scratch, 'folder') })],
  ['an S3-compatible bucket', () => openStore(s3Target('rs-store-test', 'nodes/nmg'))],
]

describe.each(stores)('storage in %s', (_, make) => {
  it('writes a file whole, reads it back, a range of it, its size and its SHA-256', async () => {
    const store = make()
    await store.putFile('incoming/push-1.zip', file)
    expect(await store.size('incoming/push-1.zip')).toBe(payload.length)
    expect((await bytesOf(await store.read('incoming/push-1.zip'))).equals(payload)).toBe(true)
    expect((await bytesOf(await store.read('incoming/push-1.zip', { start: 1000, end: 1999 }))).equals(payload.subarray(1000, 2000))).toBe(
      true,
    )
    expect(await storedSha256(store, 'incoming/push-1.zip')).toBe(createHash('sha256').update(payload).digest('hex'))
  })

  it('writes a text, removes keys, and says a missing key is absent', async () => {
    const store = make()
    await store.putText('incoming/push-1.zip.sha256', 'abc  push-1.zip\n')
    expect((await bytesOf(await store.read('incoming/push-1.zip.sha256'))).toString()).toBe('abc  push-1.zip\n')
    await store.remove('incoming/push-1.zip.sha256')
    expect(await store.size('incoming/push-1.zip.sha256')).toBeNull()
    await store.remove('incoming/never-there')
    await expect(store.read('incoming/never-there')).rejects.toMatchObject({ name: 'StorageError', reason: 'NotFound' })
  })

  it('refuses keys that climb out or are not plain', async () => {
    const store = make()
    for (const key of ['../outside', 'a/../../b', '/abs', 'a//b', 'a/./b', 'a b', '']) {
      await expect(store.putText(key, 'x')).rejects.toBeInstanceOf(StorageError)
    }
  })
})

describe('storage failures', () => {
  it('name what went wrong: a missing bucket, a refused connection, a file where a folder should be', async () => {
    await expect(openStore(s3Target('no-such-bucket', '')).putFile('x.zip', file)).rejects.toMatchObject({ reason: 'NoSuchBucket' })
    const closed = openStore({ kind: 's3', location: { ...s3Location('rs-store-test', ''), endpoint: 'http://127.0.0.1:9' } })
    await expect(closed.putFile('x.zip', file)).rejects.toMatchObject({ reason: 'ECONNREFUSED' })
    const root = path.join(scratch, 'blocked')
    await writeFile(root, 'a file, not a folder')
    await expect(openStore({ kind: 'folder', root }).putFile('in/x.zip', file)).rejects.toMatchObject({ reason: 'ENOTDIR' })
    expect(await readFile(root, 'utf8')).toBe('a file, not a folder')
  })
})
