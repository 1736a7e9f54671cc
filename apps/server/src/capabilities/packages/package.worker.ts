import { createHash } from 'node:crypto'
import { rename, writeFile } from 'node:fs/promises'
import { formatBeijingTime, type MessageKey, tZh } from '@rs/shared'
import { type Zippable, zipSync } from 'fflate'
import type { MultiPolygon, Polygon } from 'geojson'
import { taskWithUserErrors } from '../../lib/workers/task'
import { type ExportRecord, WGS84_PRJ, writeDbf, writeShpShx } from '../exports'

/** What the package needs of one scene: its export record (the same columns as the archive's exports) and its pictures' inputs. */
export interface PackageScene extends ExportRecord {
  illustrative: boolean
  quicklookHref: string | null
  bbox: [number, number, number, number]
}

export interface PackageInput {
  /** The README's message (default: an order's). */
  readme?: MessageKey
  /** What the manifest says the package is, besides its files: e.g. { order: 12 } or { push: 3, node: '…' }. */
  about: Record<string, string | number>
  /** Where the zip goes; written as <file>.part and renamed when whole. */
  file: string
  scenes: PackageScene[]
  /** PNG quicklooks by scene id (generated scenes only). */
  quicklooks: Record<string, Uint8Array>
  /** ms since the epoch */
  at: number
}

export interface PackageOutput {
  bytes: number
  sha256: string
  files: number
  /** each scene's files, uncompressed bytes, by scene id */
  sceneBytes: Record<string, number>
}

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex')
const utf8 = (s: string) => new TextEncoder().encode(s)

/** The files of one scene: metadata.json, quicklook.png (when drawn) and its footprint as a shapefile. */
export function sceneFiles(scene: PackageScene, quicklook: Uint8Array | undefined): Record<string, Uint8Array> {
  const footprint = JSON.parse(scene.footprint) as Polygon | MultiPolygon
  const { footprint: _text, bbox, ...facts } = scene
  const metadata = {
    ...facts,
    acquiredAtBeijing: formatBeijingTime(scene.acquiredAt),
    bbox,
    quicklook: quicklook ? 'quicklook.png' : scene.quicklookHref,
    footprint,
  }
  const record: ExportRecord = { ...scene }
  const { shp, shx } = writeShpShx([footprint])
  return {
    'metadata.json': utf8(`${JSON.stringify(metadata, null, 2)}\n`),
    ...(quicklook ? { 'quicklook.png': quicklook } : {}),
    'footprint.shp': shp,
    'footprint.shx': shx,
    'footprint.dbf': writeDbf([record]),
    'footprint.prj': utf8(WGS84_PRJ),
    'footprint.cpg': utf8('UTF-8'),
  }
}

/**
 * Runs in a worker thread (lib/workers): writes a package (an order's download, a push's delivery), a zip of one folder per scene
 * and manifest.json with every file's SHA-256, and answers its size and SHA-256.
 */
export async function writePackage(input: PackageInput): Promise<PackageOutput> {
  const entries: Zippable = {}
  const manifest: Array<{ path: string; bytes: number; sha256: string }> = []
  const sceneBytes: Record<string, number> = {}
  for (const scene of input.scenes) {
    const files = sceneFiles(scene, input.quicklooks[scene.id])
    sceneBytes[scene.id] = Object.values(files).reduce((a, b) => a + b.byteLength, 0)
    for (const [name, bytes] of Object.entries(files)) {
      const path = `${scene.id}/${name}`
      // PNG is compressed already
      entries[path] = name.endsWith('.png') ? [bytes, { level: 0 }] : bytes
      manifest.push({ path, bytes: bytes.byteLength, sha256: sha256(bytes) })
    }
  }
  const readme = utf8(`${tZh(input.readme ?? 'order.package.readme', { site: tZh('app.name') })}\n`)
  entries['README.txt'] = readme
  manifest.push({ path: 'README.txt', bytes: readme.byteLength, sha256: sha256(readme) })
  entries['manifest.json'] = utf8(
    `${JSON.stringify(
      {
        title: tZh('order.package.manifest'),
        ...input.about,
        createdAt: new Date(input.at).toISOString(),
        algorithm: 'SHA-256',
        files: manifest,
      },
      null,
      2,
    )}\n`,
  )
  const zip = zipSync(entries, { level: 6, mtime: new Date(input.at) })
  const part = `${input.file}.part`
  await writeFile(part, zip)
  await rename(part, input.file)
  return { bytes: zip.byteLength, sha256: sha256(zip), files: manifest.length + 1, sceneBytes }
}

export const packageTask = taskWithUserErrors(writePackage)

export const PACKAGE_WORKER = new URL(import.meta.url).href
