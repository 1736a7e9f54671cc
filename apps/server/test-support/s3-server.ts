import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
// s3rver: a real S3 REST server over a folder (no types of its own)
// @ts-expect-error untyped package
import S3rver from 's3rver'

export interface TestS3Server {
  /** http://127.0.0.1:<port> */
  endpoint: string
  /** s3rver's own keys; it accepts any, these are what the tests send */
  accessKeyId: string
  secretAccessKey: string
  /** Buckets the server holds, made on start. */
  buckets: readonly string[]
  close(): Promise<void>
}

/**
 * An S3-compatible server for tests, benches and the browser journeys (the npm s3rver: PutObject,
 * GetObject with Range, HeadObject, DeleteObject over HTTP with the S3 wire format), its objects in a
 * temporary folder removed on close.
 */
export async function startS3Server(buckets: string[] = []): Promise<TestS3Server> {
  const directory = await mkdtemp(path.join(tmpdir(), 'rs-s3-'))
  const server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    directory,
    silent: true,
    configureBuckets: buckets.map((name) => ({ name })),
  })
  const { port } = (await server.run()) as { port: number }
  return {
    endpoint: `http://127.0.0.1:${port}`,
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    buckets,
    async close() {
      await server.close()
      await rm(directory, { recursive: true, force: true })
    },
  }
}
