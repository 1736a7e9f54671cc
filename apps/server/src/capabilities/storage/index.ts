/**
 * The storage capability: one interface for the files the portal hands on (a push's delivery
 * today; packages, photos, attachments and covers as instances come to share them), with two
 * implementations behind it: a folder on this machine (folder.ts) and an S3-compatible object store
 * (s3.ts: Aliyun OSS, MinIO, Ceph and AWS all speak it). Keys are relative paths with '/' between
 * parts; a key never climbs out of its store.
 */
import { createHash } from 'node:crypto'
import { createFolderStore } from './folder'
import { createS3Store, type S3Location } from './s3'
import type { ObjectStore } from './store'

export type { S3Location } from './s3'

export { type ByteRange, checkedKey, type ObjectStore, StorageError } from './store'

/** A store's target as a node or a setting names it. */
export type StorageTarget = { kind: 'folder'; root: string } | { kind: 's3'; location: S3Location }

export function openStore(target: StorageTarget): ObjectStore {
  return target.kind === 'folder' ? createFolderStore(target.root) : createS3Store(target.location)
}

/** SHA-256 of what is stored under the key, read back from the store (the acknowledgement of a delivery). */
export async function storedSha256(store: ObjectStore, key: string): Promise<string> {
  const hash = createHash('sha256')
  for await (const chunk of await store.read(key)) hash.update(chunk as Buffer)
  return hash.digest('hex')
}
