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

/** The files at the package's top, beside the scene folders. */
const README_FILE = 'README.txt'
const MANIFEST_FILE = 'manifest.json'

/** What the README says of each kind of file, by the name's stem (footprint.shp, .shx… are one kind). */
const FILE_TEXT: Record<string, MessageKey> = {
  metadata: 'order.package.contents.files.metadata',
  quicklook: 'order.package.contents.files.quicklook',
  footprint: 'order.package.contents.files.footprint',
  README: 'order.package.contents.files.README',
  manifest: 'order.package.contents.files.manifest',
}

/** One README line per kind of file: the names of that kind in the order written, what they are, in how many folders when not all. */
function fileLines(names: Map<string, number>, folders: number): string[] {
  const kinds = new Map<string, { names: string[]; count: number }>()
  for (const [name, count] of names) {
    const stem = name.slice(0, name.indexOf('.') < 0 ? name.length : name.indexOf('.'))
    const kind = kinds.get(stem) ?? { names: [], count: 0 }
    kind.names.push(name)
    kind.count = Math.max(kind.count, count)
    kinds.set(stem, kind)
  }
  return [...kinds].map(([stem, kind]) => {
    const key = FILE_TEXT[stem]
    // a new kind of file needs its words here, or the README would pass over it
    if (!key) throw new Error(`the package README has no text for ${kind.names.join(', ')}`)
    const some = kind.count < folders ? tZh('order.package.contents.some', { count: kind.count }) : ''
    const line = tZh('order.package.contents.line', { names: kind.names.join(tZh('order.package.contents.separator')), text: tZh(key) })
    return `${line}${some}`
  })
}

/**
 * README.txt of a package, in Chinese: its first line (an order's or a push's), then every file it
 * holds, read from what is written: the scene folders' files (with how many folders hold each when
 * not all do) and the files at the top.
 */
export function packageReadme(
  readme: MessageKey | undefined,
  sceneFolders: ReadonlyArray<Record<string, Uint8Array>>,
  topFiles: readonly string[],
): string {
  const inFolders = new Map<string, number>()
  for (const files of sceneFolders) for (const name of Object.keys(files)) inFolders.set(name, (inFolders.get(name) ?? 0) + 1)
  const lines = [tZh(readme ?? 'order.package.readme', { site: tZh('app.name') })]
  if (sceneFolders.length > 0)
    lines.push('', tZh('order.package.contents.folders', { count: sceneFolders.length }), ...fileLines(inFolders, sceneFolders.length))
  lines.push('', tZh('order.package.contents.root'), ...fileLines(new Map(topFiles.map((name) => [name, 1])), 1))
  return `${lines.join('\n')}\n`
}

/**
 * Runs in a worker thread (lib/workers): writes a package (an order's download, a push's delivery), a zip of one folder per scene
 * and manifest.json with every file's SHA-256, and answers its size and SHA-256.
 */
export async function writePackage(input: PackageInput): Promise<PackageOutput> {
  const entries: Zippable = {}
  const manifest: Array<{ path: string; bytes: number; sha256: string }> = []
  const sceneBytes: Record<string, number> = {}
  const folders: Array<Record<string, Uint8Array>> = []
  for (const scene of input.scenes) {
    const files = sceneFiles(scene, input.quicklooks[scene.id])
    folders.push(files)
    sceneBytes[scene.id] = Object.values(files).reduce((a, b) => a + b.byteLength, 0)
    for (const [name, bytes] of Object.entries(files)) {
      const path = `${scene.id}/${name}`
      // PNG is compressed already
      entries[path] = name.endsWith('.png') ? [bytes, { level: 0 }] : bytes
      manifest.push({ path, bytes: bytes.byteLength, sha256: sha256(bytes) })
    }
  }
  const readme = utf8(packageReadme(input.readme, folders, [README_FILE, MANIFEST_FILE]))
  entries[README_FILE] = readme
  manifest.push({ path: README_FILE, bytes: readme.byteLength, sha256: sha256(readme) })
  entries[MANIFEST_FILE] = utf8(
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
