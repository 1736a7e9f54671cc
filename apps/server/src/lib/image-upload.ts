/**
 * Defensive checks of an uploaded picture (news covers here, typical images reuse them): the type
 * from its magic bytes, the size from its header (before anything is decoded), the file's structure
 * complete (a truncated PNG or JPEG still decodes, half grey), then one real decode.
 */
import { crc32, createInflate } from 'node:zlib'
import { createCanvas, loadImage } from '@napi-rs/canvas'

export type ImageType = 'image/png' | 'image/jpeg' | 'image/webp'

export interface ImageInfo {
  type: ImageType
  width: number
  height: number
}

/** Why a picture was refused: not PNG/JPEG/WebP, broken or incomplete, or too many pixels a side. */
export type ImageProblem = 'notImage' | 'corrupt' | 'tooManyPixels'

export class ImageCheckError extends Error {
  constructor(
    readonly problem: ImageProblem,
    readonly width = 0,
    readonly height = 0,
  ) {
    super(problem)
    this.name = 'ImageCheckError'
  }
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]

const ascii = (bytes: Uint8Array, start: number, length: number) => Buffer.from(bytes.subarray(start, start + length)).toString('latin1')

/** The picture type from the first bytes, whatever the file name says. */
export function sniffImageType(bytes: Uint8Array): ImageType | undefined {
  if (bytes.length >= 8 && PNG_SIGNATURE.every((b, i) => bytes[i] === b)) return 'image/png'
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg'
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 4) === 'WEBP') return 'image/webp'
  return undefined
}

const view = (bytes: Uint8Array) => new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)

function pngSize(bytes: Uint8Array): [number, number] {
  if (bytes.length < 24 || ascii(bytes, 12, 4) !== 'IHDR') throw new ImageCheckError('corrupt')
  const v = view(bytes)
  return [v.getUint32(16), v.getUint32(20)]
}

const JPEG_SOF = new Set([0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf])

/** Walks the JPEG segments up to the first scan: the frame size and where the scan starts. */
function jpegHeader(bytes: Uint8Array): { width: number; height: number; scanAt: number } {
  const v = view(bytes)
  let i = 2
  let size: [number, number] | undefined
  while (i + 4 <= bytes.length) {
    if (bytes[i] !== 0xff) throw new ImageCheckError('corrupt')
    const marker = bytes[i + 1] as number
    if (marker === 0xff) {
      i += 1 // fill byte
      continue
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd8)) {
      i += 2
      continue
    }
    if (marker === 0xd9) break
    const length = v.getUint16(i + 2)
    if (length < 2 || i + 2 + length > bytes.length) throw new ImageCheckError('corrupt')
    if (JPEG_SOF.has(marker)) {
      if (length < 7) throw new ImageCheckError('corrupt')
      size = [v.getUint16(i + 7), v.getUint16(i + 5)]
    }
    if (marker === 0xda) {
      if (!size) throw new ImageCheckError('corrupt')
      return { width: size[0], height: size[1], scanAt: i + 2 + length }
    }
    i += 2 + length
  }
  throw new ImageCheckError('corrupt')
}

function webpSize(bytes: Uint8Array): [number, number] {
  if (bytes.length < 30) throw new ImageCheckError('corrupt')
  const v = view(bytes)
  const chunk = ascii(bytes, 12, 4)
  if (chunk === 'VP8X') return [1 + (v.getUint32(24, true) & 0xffffff), 1 + (v.getUint32(27, true) & 0xffffff)]
  if (chunk === 'VP8L') {
    if (bytes[20] !== 0x2f) throw new ImageCheckError('corrupt')
    const bits = v.getUint32(21, true)
    return [(bits & 0x3fff) + 1, ((bits >>> 14) & 0x3fff) + 1]
  }
  if (chunk === 'VP8 ') {
    if (bytes[23] !== 0x9d || bytes[24] !== 0x01 || bytes[25] !== 0x2a) throw new ImageCheckError('corrupt')
    return [v.getUint16(26, true) & 0x3fff, v.getUint16(28, true) & 0x3fff]
  }
  throw new ImageCheckError('corrupt')
}

/** Type and pixel size read from the header only; throws ImageCheckError (notImage, corrupt). */
export function readImageHeader(bytes: Uint8Array): ImageInfo {
  const type = sniffImageType(bytes)
  if (!type) throw new ImageCheckError('notImage')
  let width: number
  let height: number
  if (type === 'image/png') [width, height] = pngSize(bytes)
  else if (type === 'image/jpeg') ({ width, height } = jpegHeader(bytes))
  else [width, height] = webpSize(bytes)
  if (!(width > 0 && height > 0)) throw new ImageCheckError('corrupt')
  return { type, width, height }
}

/** PNG: every chunk inside the file with a correct CRC, IHDR first, at least one IDAT, up to IEND. */
function pngComplete(bytes: Uint8Array): boolean {
  const v = view(bytes)
  let i = 8
  let first = true
  let hasData = false
  while (i + 12 <= bytes.length) {
    const length = v.getUint32(i)
    const type = ascii(bytes, i + 4, 4)
    if (i + 12 + length > bytes.length) return false
    if (first && type !== 'IHDR') return false
    first = false
    if (crc32(bytes.subarray(i + 4, i + 8 + length)) !== v.getUint32(i + 8 + length)) return false
    if (type === 'IDAT') hasData = true
    if (type === 'IEND') return hasData
    i += 12 + length
  }
  return false
}

const CHANNELS: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 }

/** Bytes of filtered scanlines a PNG's IHDR announces (each row: a filter byte and its pixels; Adam7 passes when interlaced). */
export function pngScanlineBytes(bytes: Uint8Array): number {
  const v = view(bytes)
  const [width, height] = [v.getUint32(16), v.getUint32(20)]
  const bitsPerPixel = (bytes[24] as number) * (CHANNELS[bytes[25] as number] ?? 0)
  if (bitsPerPixel === 0) throw new ImageCheckError('corrupt')
  const rows = (w: number, h: number) => (w === 0 || h === 0 ? 0 : h * (1 + Math.ceil((w * bitsPerPixel) / 8)))
  if (bytes[28] !== 1) return rows(width, height)
  const passes: Array<[number, number, number, number]> = [
    [0, 0, 8, 8],
    [4, 0, 8, 8],
    [0, 4, 4, 8],
    [2, 0, 4, 4],
    [0, 2, 2, 4],
    [1, 0, 2, 2],
    [0, 1, 1, 2],
  ]
  return passes.reduce((sum, [x0, y0, dx, dy]) => sum + rows(Math.ceil((width - x0) / dx), Math.ceil((height - y0) / dy)), 0)
}

/**
 * Inflates a PNG's image data, counting (not keeping) the bytes: a decoder silently fills missing
 * rows, so a file whose data is shorter than its header announces is refused here. Stops early on
 * far more data than announced (a decompression bomb).
 */
export async function pngDataComplete(bytes: Uint8Array): Promise<boolean> {
  const expected = pngScanlineBytes(bytes)
  const v = view(bytes)
  const parts: Uint8Array[] = []
  for (let i = 8; i + 12 <= bytes.length; ) {
    const length = v.getUint32(i)
    if (ascii(bytes, i + 4, 4) === 'IDAT') parts.push(bytes.subarray(i + 8, i + 8 + length))
    i += 12 + length
  }
  return new Promise((resolve) => {
    let count = 0
    const inflate = createInflate()
    inflate.on('data', (data: Buffer) => {
      count += data.length
      if (count > expected + 1024 * 1024) {
        inflate.destroy()
        resolve(false)
      }
    })
    inflate.on('error', () => resolve(false))
    inflate.on('end', () => resolve(count >= expected))
    for (const part of parts) inflate.write(part)
    inflate.end()
  })
}

/** Whether the file holds the whole picture (its structure ends where it should); the header is read already. */
export function isComplete(bytes: Uint8Array, type: ImageType): boolean {
  if (type === 'image/png') return pngComplete(bytes)
  if (type === 'image/jpeg') {
    // entropy-coded data escapes 0xFF as FF 00, so the end-of-image marker after the first scan is the real end
    const { scanAt } = jpegHeader(bytes)
    return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).indexOf(Buffer.from([0xff, 0xd9]), scanAt) >= 0
  }
  const riffSize = view(bytes).getUint32(4, true)
  return riffSize >= 12 && riffSize + 8 <= bytes.length
}

/**
 * Checks an uploaded picture in order — magic bytes, header size at most maxSide a side, complete
 * structure — and only then decodes it once with @napi-rs/canvas (drawn, so every row is read);
 * the decoded size must match the header. Throws ImageCheckError; nothing is kept.
 */
export async function inspectImage(bytes: Uint8Array, options: { maxSide: number }): Promise<ImageInfo> {
  const info = readImageHeader(bytes)
  if (info.width > options.maxSide || info.height > options.maxSide) throw new ImageCheckError('tooManyPixels', info.width, info.height)
  if (!isComplete(bytes, info.type)) throw new ImageCheckError('corrupt')
  if (info.type === 'image/png' && !(await pngDataComplete(bytes))) throw new ImageCheckError('corrupt')
  let image: Awaited<ReturnType<typeof loadImage>>
  try {
    image = await loadImage(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength))
  } catch {
    throw new ImageCheckError('corrupt')
  }
  if (image.width !== info.width || image.height !== info.height) throw new ImageCheckError('corrupt')
  createCanvas(1, 1).getContext('2d').drawImage(image, 0, 0, 1, 1)
  return info
}
