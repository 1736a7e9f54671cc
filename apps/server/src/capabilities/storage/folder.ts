import { createReadStream } from 'node:fs'
import { copyFile, mkdir, rename, rm, stat, writeFile } from 'node:fs/promises'
import path from 'node:path'
import type { Readable } from 'node:stream'
import { type ByteRange, checkedKey, type ObjectStore, StorageError } from './store'

/** The error's code as the store's reason (ENOTDIR, EACCES, ENOSPC…). */
function failure(error: unknown): StorageError {
  if (error instanceof StorageError) return error
  const code = (error as NodeJS.ErrnoException).code
  return new StorageError(code === 'ENOENT' ? 'NotFound' : (code ?? 'Error'), error instanceof Error ? error.message : String(error))
}

/**
 * A folder on this machine (the default): a file is copied beside its key as `.part` and renamed,
 * so a reader of the folder never sees half a file.
 */
export function createFolderStore(root: string): ObjectStore {
  const pathOf = (key: string) => path.join(root, checkedKey(key))

  async function guarded<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work()
    } catch (error) {
      throw failure(error)
    }
  }

  return {
    location: root,

    putFile: (key, file) =>
      guarded(async () => {
        const target = pathOf(key)
        await mkdir(path.dirname(target), { recursive: true })
        try {
          await copyFile(file, `${target}.part`)
          await rename(`${target}.part`, target)
        } catch (error) {
          await rm(`${target}.part`, { force: true }).catch(() => {})
          throw error
        }
      }),

    putText: (key, text) =>
      guarded(async () => {
        const target = pathOf(key)
        await mkdir(path.dirname(target), { recursive: true })
        await writeFile(`${target}.part`, text)
        await rename(`${target}.part`, target)
      }),

    read: (key, range?: ByteRange) =>
      guarded(async () => {
        const file = pathOf(key)
        await stat(file)
        const stream: Readable = createReadStream(file, range ? { start: range.start, end: range.end } : {})
        return stream
      }),

    size: (key) =>
      guarded(async () => {
        try {
          return (await stat(pathOf(key))).size
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null
          throw error
        }
      }),

    remove: (key) => guarded(() => rm(pathOf(key), { force: true })),
  }
}
