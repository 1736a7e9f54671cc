import { ARCHIVE_LIMITS, type UploadReport, type UploadType } from '@rs/shared'
import { readSheet } from 'read-excel-file/node'
import { ApiError } from '../../lib/errors'
import type { ListLine } from './scenes.repository'

/**
 * Reading a FILE list of the image query (SPEC §4 upload types): file names (1), orbit path row
 * (2) or path row (3), one per line of a text file (.txt, .csv; UTF-8 or GBK; fields separated by
 * spaces, commas, semicolons or tabs) or per row of an Excel workbook's first sheet (.xlsx).
 * Runs in a worker thread (an uploaded workbook is a zip the reader unpacks).
 */

export interface ParsedList {
  /** Lines or rows that held something. */
  lineCount: number
  /** Well-formed, first occurrences. */
  lines: ListLine[]
  /** Malformed or repeated lines. */
  rejected: UploadReport['unmatched']
  notices: string[]
}

/** A raw line: its number (1-based line or Excel row) and its fields. */
interface RawLine {
  line: number
  text: string
  fields: string[]
}

const SEPARATORS = /[\s,;，；]+/u
const FILE_NAME = /^[^\\/:*?"<>|\p{Cc}]{1,255}$/u
const NUMBER = /^\d{1,9}$/

export type ListKind = 'text' | 'xlsx'

/** The kind of list a file name says, or undefined when it is neither text nor Excel. */
export function listKind(fileName: string): ListKind | undefined {
  const ext = fileName.toLowerCase().replace(/^.*\./, '.')
  if (ext === '.txt' || ext === '.csv') return 'text'
  if (ext === '.xlsx') return 'xlsx'
  return undefined
}

function decodeText(data: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(data)
  } catch {
    try {
      return new TextDecoder('gbk', { fatal: true }).decode(data)
    } catch {
      throw ApiError.of(400, 'archive.upload.badText')
    }
  }
}

function textLines(data: Uint8Array): RawLine[] {
  const out: RawLine[] = []
  decodeText(data)
    .split(/\r\n|\n|\r/)
    .forEach((raw, i) => {
      const text = raw.trim()
      if (text === '') return
      out.push({ line: i + 1, text, fields: text.split(SEPARATORS).filter((f) => f !== '') })
    })
  return out
}

/** A cell as the text a person sees for a name or a number (dates as ISO text, empty as ''). */
function cellText(value: unknown): string {
  if (value === null || value === undefined) return ''
  if (value instanceof Date) return value.toISOString()
  return String(value).trim()
}

async function excelLines(data: Uint8Array): Promise<RawLine[]> {
  let rows: unknown[][]
  try {
    rows = await readSheet(Buffer.from(data.buffer, data.byteOffset, data.byteLength), 1)
  } catch {
    throw ApiError.of(400, 'archive.upload.badExcel')
  }
  const out: RawLine[] = []
  // rows start at the sheet's row 1 (empty rows kept as rows of nulls), so a row's number is its index + 1
  rows.forEach((row, i) => {
    const fields: string[] = []
    for (const cell of row) {
      const text = cellText(cell)
      if (text !== '') fields.push(...text.split(SEPARATORS).filter((f) => f !== ''))
    }
    if (fields.length > 0) out.push({ line: i + 1, text: fields.join(' '), fields })
  })
  return out
}

/** The key that makes two lines the same (for duplicates) and the parsed line, or undefined when malformed. */
function parseLine(type: UploadType, raw: RawLine): { key: string; line: ListLine } | undefined {
  const text = raw.text.slice(0, 300)
  if (type === 1) {
    const name = raw.fields.length === 1 ? raw.text : raw.fields[0]
    if (!name || !FILE_NAME.test(name)) return undefined
    return { key: name, line: { line: raw.line, text, fileName: name } }
  }
  const want = type === 2 ? 3 : 2
  if (raw.fields.length !== want || !raw.fields.every((f) => NUMBER.test(f))) return undefined
  const n = raw.fields.map(Number)
  const line: ListLine =
    type === 2 ? { line: raw.line, text, orbit: n[0], path: n[1], row: n[2] } : { line: raw.line, text, path: n[0], row: n[1] }
  return { key: n.join(' '), line }
}

/** Reads a list: every line parsed, malformed and repeated ones rejected with their reason; over the line cap a 400. */
export async function parseSceneList(input: { kind: ListKind; data: Uint8Array; uploadType: UploadType }): Promise<ParsedList> {
  let raw = input.kind === 'xlsx' ? await excelLines(input.data) : textLines(input.data)
  const notices: string[] = []
  // a header row of words ("轨道号,条带号,行号", "path row") above numbers is not a line
  const first = raw[0]
  if (input.uploadType !== 1 && first && first.fields.every((f) => !/\d/.test(f))) {
    raw = raw.slice(1)
    notices.push(first.text)
  }
  if (raw.length > ARCHIVE_LIMITS.maxListLines) {
    throw ApiError.of(400, 'archive.upload.tooManyLines', { max: ARCHIVE_LIMITS.maxListLines, count: raw.length })
  }
  if (raw.length === 0) throw ApiError.of(400, 'archive.upload.emptyList')
  const seen = new Set<string>()
  const lines: ListLine[] = []
  const rejected: UploadReport['unmatched'] = []
  for (const r of raw) {
    const parsed = parseLine(input.uploadType, r)
    const text = r.text.slice(0, 300)
    if (!parsed) rejected.push({ line: r.line, text, reason: 'badFormat' })
    else if (seen.has(parsed.key)) rejected.push({ line: r.line, text, reason: 'duplicate' })
    else {
      seen.add(parsed.key)
      lines.push(parsed.line)
    }
  }
  return { lineCount: raw.length, lines, rejected, notices }
}
