import { createReadStream } from 'node:fs'
import { stat } from 'node:fs/promises'
import type { Readable } from 'node:stream'
import type { S3Client } from '@aws-sdk/client-s3'
import { type ByteRange, checkedKey, type ObjectStore, StorageError } from './store'

/** An S3-compatible bucket and the folder-like prefix the store writes under. */
export interface S3Location {
  /** The service's address, e.g. https://oss-cn-beijing.aliyuncs.com or http://minio.local:9000 */
  endpoint: string
  /** The signing region (MinIO, Ceph and most others accept us-east-1). */
  region: string
  bucket: string
  /** Key prefix (no leading or trailing '/'; '' for the bucket's root). */
  prefix: string
  /** Address the bucket in the path (MinIO, Ceph) instead of the host name (AWS, OSS). */
  forcePathStyle: boolean
  accessKeyId: string
  secretAccessKey: string
}

/** Reasons a person can act on; anything else keeps the SDK's error name. */
const NOT_FOUND = new Set(['NoSuchKey', 'NotFound'])

function failure(error: unknown): StorageError {
  if (error instanceof StorageError) return error
  const e = error as { name?: string; code?: string; message?: string; $metadata?: { httpStatusCode?: number } }
  // network failures carry the socket's code (ECONNREFUSED, ENOTFOUND, ETIMEDOUT); the service's refusals their S3 code
  const reason = e.code && /^E[A-Z]+$/.test(e.code) ? e.code : NOT_FOUND.has(e.name ?? '') ? 'NotFound' : (e.name ?? 'Error')
  return new StorageError(reason, e.message)
}

// The SDK's own warning that releases after January 2027 want Node 22: the pinned release runs on Node 20 (STACK-NOTES).
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true'

let sdk: Promise<typeof import('@aws-sdk/client-s3')> | undefined
/** The SDK is loaded with the first S3 store (about 0.3 s): a portal that only writes folders never pays for it. */
const loadSdk = () => {
  sdk ??= import('@aws-sdk/client-s3')
  return sdk
}

const quiet = { debug() {}, info() {}, warn() {}, error() {} }

const clients = new Map<string, S3Client>()

async function clientOf(l: S3Location): Promise<S3Client> {
  const key = JSON.stringify([l.endpoint, l.region, l.forcePathStyle, l.accessKeyId, l.secretAccessKey])
  let client = clients.get(key)
  if (!client) {
    const { S3Client } = await loadSdk()
    if (clients.size >= 32) clients.clear()
    client = new S3Client({
      endpoint: l.endpoint,
      region: l.region,
      forcePathStyle: l.forcePathStyle,
      credentials: { accessKeyId: l.accessKeyId, secretAccessKey: l.secretAccessKey },
      // checksums only where S3 requires them: several compatible stores refuse the newer trailing checksums
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      maxAttempts: 3,
      // an unreachable store fails within seconds instead of holding a delivery
      requestHandler: { connectionTimeout: 5_000, requestTimeout: 120_000 },
      // failures reach the caller as StorageError; the SDK's own console lines would only repeat them
      logger: quiet,
    })
    clients.set(key, client)
  }
  return client
}

/**
 * An S3-compatible object store: one PutObject per file (atomic: a reader sees the whole object or
 * none; up to 5 GB, S3's limit of one request), GetObject with Range, HeadObject for the size.
 */
export function createS3Store(location: S3Location): ObjectStore {
  const keyOf = (key: string) => (location.prefix ? `${location.prefix}/${checkedKey(key)}` : checkedKey(key))

  async function guarded<T>(work: (client: S3Client, s3: typeof import('@aws-sdk/client-s3')) => Promise<T>): Promise<T> {
    try {
      return await work(await clientOf(location), await loadSdk())
    } catch (error) {
      throw failure(error)
    }
  }

  return {
    location: `s3://${location.bucket}${location.prefix ? `/${location.prefix}` : ''}`,

    putFile: (key, file) =>
      guarded(async (client, s3) => {
        const { size } = await stat(file)
        await client.send(
          new s3.PutObjectCommand({ Bucket: location.bucket, Key: keyOf(key), Body: createReadStream(file), ContentLength: size }),
        )
      }),

    putText: (key, text) =>
      guarded(async (client, s3) => {
        await client.send(
          new s3.PutObjectCommand({ Bucket: location.bucket, Key: keyOf(key), Body: text, ContentType: 'text/plain; charset=utf-8' }),
        )
      }),

    read: (key, range?: ByteRange) =>
      guarded(async (client, s3) => {
        const out = await client.send(
          new s3.GetObjectCommand({
            Bucket: location.bucket,
            Key: keyOf(key),
            Range: range ? `bytes=${range.start}-${range.end}` : undefined,
          }),
        )
        return out.Body as Readable
      }),

    size: (key) =>
      guarded(async (client, s3) => {
        try {
          const head = await client.send(new s3.HeadObjectCommand({ Bucket: location.bucket, Key: keyOf(key) }))
          return head.ContentLength ?? 0
        } catch (error) {
          if (failure(error).reason === 'NotFound') return null
          throw error
        }
      }),

    remove: (key) =>
      guarded(async (client, s3) => {
        await client.send(new s3.DeleteObjectCommand({ Bucket: location.bucket, Key: keyOf(key) }))
      }),
  }
}
