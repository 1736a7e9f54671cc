/**
 * Two-line orbit elements (TLE) as text: the checksum and format rules, and a strict reader for an
 * administrator's upload (two- or three-line sets; the first bad line ends the reading with its
 * number and reason).
 */

/** Checksum of a TLE line: the sum of its digits, each minus sign counting 1, over columns 1–68, modulo 10. */
export function tleChecksum(line: string): number {
  let sum = 0
  for (const ch of line.slice(0, 68)) {
    if (ch >= '0' && ch <= '9') sum += ch.charCodeAt(0) - 48
    else if (ch === '-') sum += 1
  }
  return sum % 10
}

const LINE_FORMAT: Record<1 | 2, RegExp> = {
  // columns as in the NORAD format: number, catalogue number, classification, designator, epoch, drag terms, type, element number
  1: /^1 [ \d]{5}[A-Z ] [ \w]{8} [ \d]{5}\.[\d ]{8} [ +-]\.[\d ]{8} [ +-][\d ]{5}[+-]\d [ +-][\d ]{5}[+-]\d [ \d] [ \d]{4}\d$/,
  // inclination, node, eccentricity (implied point), perigee, mean anomaly, mean motion, revolution number
  2: /^2 [ \d]{5} [ \d]{3}\.[\d ]{4} [ \d]{3}\.[\d ]{4} \d{7} [ \d]{3}\.[\d ]{4} [ \d]{3}\.[\d ]{4} [ \d]{2}\.[\d ]{8}[ \d]{5}\d$/,
}

/** Why a line is not a TLE line of the given number, or undefined when it is one. */
export function tleLineProblem(line: string, lineNumber: 1 | 2): TleProblem | undefined {
  if (line.length !== 69) return 'length'
  if (!line.startsWith(`${lineNumber} `)) return 'lineNumber'
  if (!LINE_FORMAT[lineNumber].test(line)) return 'format'
  if (tleChecksum(line) !== Number(line[68])) return 'checksum'
  return undefined
}

/** The epoch of line 1 (columns 19–32: two-digit year, 57–99 = 19xx, and fractional day of the year) in ms since 1970. */
export function tleEpochMs(line1: string): number | null {
  const yy = Number(line1.slice(18, 20))
  const day = Number(line1.slice(20, 32))
  if (!/^\d\d$/.test(line1.slice(18, 20)) || !Number.isFinite(day) || day < 1 || day >= 367) return null
  const year = yy < 57 ? 2000 + yy : 1900 + yy
  return Date.UTC(year, 0, 1) + Math.round((day - 1) * 86_400_000)
}

/** What is wrong with an uploaded line (messages: orbit.tleProblem.<kind>). */
export type TleProblem =
  | 'length'
  | 'lineNumber'
  | 'format'
  | 'checksum'
  | 'catalogueMismatch'
  | 'epoch'
  | 'duplicate'
  | 'nameTooLong'
  | 'empty'
  | 'missingLine'

/** One element set read from an upload. */
export interface TleSet {
  /** The name line (three-line sets), trimmed; '' for two-line sets. */
  name: string
  noradId: number
  line1: string
  line2: string
  epochMs: number
  /** 1-based number of the set's first line in the text. */
  lineNumber: number
}

export type TleReadResult = { ok: true; sets: TleSet[] } | { ok: false; line: number; problem: TleProblem }

/**
 * Reads two- or three-line element text strictly: empty lines are skipped, a set is an optional
 * name line (at most 24 characters) followed by line 1 and line 2; every line must have the format
 * and checksum of its kind, both lines the same catalogue number, and no object may appear twice.
 */
export function readTleText(text: string): TleReadResult {
  const lines = text
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/)
    .map((l, i) => ({ text: l.replace(/\s+$/, ''), number: i + 1 }))
    .filter((l) => l.text.length > 0)
  if (lines.length === 0) return { ok: false, line: 1, problem: 'empty' }
  const sets: TleSet[] = []
  const seen = new Set<number>()
  let i = 0
  while (i < lines.length) {
    const first = lines[i] as { text: string; number: number }
    const hasName = !first.text.startsWith('1 ')
    if (hasName && first.text.trim().length > 24) return { ok: false, line: first.number, problem: 'nameTooLong' }
    const l1 = lines[i + (hasName ? 1 : 0)]
    const l2 = lines[i + (hasName ? 2 : 1)]
    const lastNumber = (lines[lines.length - 1] as { number: number }).number
    if (!l1) return { ok: false, line: lastNumber + 1, problem: 'missingLine' }
    const p1 = tleLineProblem(l1.text, 1)
    if (p1) return { ok: false, line: l1.number, problem: p1 }
    if (!l2) return { ok: false, line: lastNumber + 1, problem: 'missingLine' }
    const p2 = tleLineProblem(l2.text, 2)
    if (p2) return { ok: false, line: l2.number, problem: p2 }
    if (l1.text.slice(2, 7) !== l2.text.slice(2, 7)) return { ok: false, line: l2.number, problem: 'catalogueMismatch' }
    const noradId = Number(l1.text.slice(2, 7))
    const epochMs = tleEpochMs(l1.text)
    if (epochMs === null) return { ok: false, line: l1.number, problem: 'epoch' }
    if (seen.has(noradId)) return { ok: false, line: l1.number, problem: 'duplicate' }
    seen.add(noradId)
    sets.push({ name: hasName ? first.text.trim() : '', noradId, line1: l1.text, line2: l2.text, epochMs, lineNumber: first.number })
    i += hasName ? 3 : 2
  }
  return { ok: true, sets }
}

/** Age of elements in days at a moment; elements older than TLE_OLD_DAYS get a warning. */
export function tleAgeDays(epochMs: number, nowMs: number): number {
  return (nowMs - epochMs) / 86_400_000
}

/** Elements older than this (days) are shown with a warning: SGP4 errors grow by kilometres a day. */
export const TLE_OLD_DAYS = 14
