/** The storage interface and what both implementations share (index.ts is the capability's door). */
import type { Readable } from 'node:stream'

/** A byte range, both ends included (as HTTP Range). */
export interface ByteRange {
  start: number
  end: number
}

export interface ObjectStore {
  /** Where the store writes, for people and audit: a folder path or s3://bucket/prefix. */
  readonly location: string
  /** Writes a local file under the key, whole or not at all (a reader never sees half of it). */
  putFile(key: string, file: string): Promise<void>
  /** Writes a short text (a checksum line, a manifest) under the key. */
  putText(key: string, text: string): Promise<void>
  /** The stored bytes (or a range of them); a missing key is a StorageError with reason 'NotFound'. */
  read(key: string, range?: ByteRange): Promise<Readable>
  /** The stored size in bytes, or null when the key is absent. */
  size(key: string): Promise<number | null>
  /** Removes the key (absent: nothing happens). */
  remove(key: string): Promise<void>
}

/** A store that could not be reached or refused the operation: `reason` is the short code people can act on. */
export class StorageError extends Error {
  constructor(
    readonly reason: string,
    message?: string,
  ) {
    super(message ?? reason)
    this.name = 'StorageError'
  }
}

/** A key's parts: letters, digits, '.', '-' and '_', none of them '.' or '..'. */
const KEY_PART = /^[A-Za-z0-9._-]{1,120}$/

/** The key checked (relative, no climbing, plain characters) and normalised; a bad key is a programming error. */
export function checkedKey(key: string): string {
  const parts = key.split('/')
  if (parts.length > 12 || parts.some((p) => !KEY_PART.test(p) || p === '.' || p === '..'))
    throw new StorageError('BadKey', `bad key: ${key}`)
  return parts.join('/')
}
