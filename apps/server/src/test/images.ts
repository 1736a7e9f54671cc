import { randomBytes } from 'node:crypto'
import { crc32 } from 'node:zlib'
import { createCanvas } from '@napi-rs/canvas'
import type { TestContext } from './test-context'

/** A small but whole PDF (header, one object, xref pointer, end marker): what a person attaches as a letter. */
export const SMALL_PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\nxref\n0 1\n0000000000 65535 f \ntrailer << /Root 1 0 R >>\nstartxref\n9\n%%EOF\n',
  'latin1',
)

/** A small real picture in each accepted format. */
export async function picture(type: 'png' | 'jpeg' | 'webp', width = 64, height = 40): Promise<Buffer> {
  const canvas = createCanvas(width, height)
  const ctx = canvas.getContext('2d')
  ctx.fillStyle = '#2f6f4f'
  ctx.fillRect(0, 0, width, height)
  ctx.fillStyle = '#e0b040'
  ctx.fillRect(width / 4, height / 4, width / 2, height / 2)
  return Buffer.from(type === 'png' ? await canvas.encode('png') : await canvas.encode(type))
}

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8)
  head.writeUInt32BE(data.length, 0)
  head.write(type, 4, 'latin1')
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0)
  return Buffer.concat([head, data, crc])
}

/** A PNG whose header claims width×height (correct CRCs) while its data is a few bytes: must be refused before decoding. */
export function pngClaiming(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13)
  ihdr.writeUInt32BE(width, 0)
  ihdr.writeUInt32BE(height, 4)
  ihdr.writeUInt8(8, 8) // bit depth
  ihdr.writeUInt8(2, 9) // truecolour
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', Buffer.from([0x78, 0x9c, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01])),
    chunk('IEND', Buffer.alloc(0)),
  ])
}

export interface FormPart {
  name: string
  data: Buffer | string
  filename?: string
  contentType?: string
}

/** A multipart/form-data body for app.inject: payload and its content-type header. */
export function multipartForm(parts: FormPart[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----rs${randomBytes(8).toString('hex')}`
  const chunks: Buffer[] = []
  for (const part of parts) {
    const disposition = part.filename ? `form-data; name="${part.name}"; filename="${part.filename}"` : `form-data; name="${part.name}"`
    const type = part.filename ? `\r\nContent-Type: ${part.contentType ?? 'application/octet-stream'}` : ''
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}${type}\r\n\r\n`, 'utf8'))
    chunks.push(typeof part.data === 'string' ? Buffer.from(part.data, 'utf8') : part.data)
    chunks.push(Buffer.from('\r\n'))
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`))
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } }
}

/** Posts one file as the multipart part "file" with a session token: the status and the parsed envelope. */
export async function postFile(ctx: TestContext, url: string, token: string, file: { filename: string; data: Buffer | string }) {
  const form = multipartForm([{ name: 'file', ...file }])
  const res = await ctx.app.inject({ method: 'POST', url, payload: form.payload, headers: { ...form.headers, token } })
  return { status: res.statusCode, body: res.json() }
}
