import type { Pass } from '@rs/shared'
import { punctuationNow } from '@rs/shared'
import type { Translate } from '../../../lib/i18n'
import { formatBeijing } from '../../../lib/time'

/** One exported row: the columns a person reads, times in Beijing time. */
export function passColumns(t: Translate) {
  return [
    { header: t('orbit.result.satellite'), value: (p: Pass) => p.satellite },
    { header: t('orbit.result.sensor'), value: (p: Pass) => p.sensor },
    { header: t('orbit.result.start'), value: (p: Pass) => formatBeijing(p.start) },
    { header: t('orbit.result.end'), value: (p: Pass) => formatBeijing(p.end) },
    { header: t('orbit.result.duration'), value: (p: Pass) => Math.round((Date.parse(p.end) - Date.parse(p.start)) / 1000) },
    { header: t('orbit.result.closest'), value: (p: Pass) => Math.round(p.closestKm * 10) / 10 },
    { header: t('orbit.result.closestTime'), value: (p: Pass) => formatBeijing(p.closestTime) },
    { header: t('orbit.result.roll'), value: (p: Pass) => Math.round(p.rollDeg * 10) / 10 },
    { header: t('orbit.result.sun'), value: (p: Pass) => Math.round(p.sunElevationDeg * 10) / 10 },
    {
      header: t('orbit.result.direction'),
      value: (p: Pass) => (p.direction === 'ascending' ? t('orbit.result.ascending') : t('orbit.result.descending')),
    },
  ] as const
}

/** The passes as a table: a header row, then one row per pass. */
export function passTable(passes: readonly Pass[], t: Translate): Array<Array<string | number>> {
  const columns = passColumns(t)
  return [columns.map((c) => c.header), ...passes.map((p) => columns.map((c) => c.value(p)))]
}

/** The passes as CSV under the export policy (lib/export-table.ts, loaded when exporting). */
export async function passesCsv(passes: readonly Pass[], t: Translate): Promise<string> {
  const { tableCsv } = await import('../../../lib/export-table')
  return tableCsv(passTable(passes, t))
}

/** The passes as an Excel workbook under the export policy (loaded when exporting): bold header, numbers as numbers. */
export async function passesXlsx(passes: readonly Pass[], t: Translate): Promise<Blob> {
  const { tableXlsx } = await import('../../../lib/export-table')
  return tableXlsx(passTable(passes, t), t('orbit.title'))
}

const icsTime = (iso: string) =>
  `${new Date(iso)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '')}`
const icsText = (s: string) => s.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n')

/** Folds a content line at 75 octets of UTF-8 (RFC 5545 3.1), never inside a character. */
export function foldIcsLine(line: string): string {
  const encoder = new TextEncoder()
  const out: string[] = []
  let current = ''
  let bytes = 0
  for (const ch of line) {
    const n = encoder.encode(ch).length
    const limit = out.length === 0 ? 75 : 74 // continuation lines start with a space
    if (bytes + n > limit) {
      out.push(current)
      current = ''
      bytes = 0
    }
    current += ch
    bytes += n
  }
  out.push(current)
  return out.join('\r\n ')
}

/** An iCalendar file (RFC 5545): one event per pass, times in UTC, summary and description in Chinese. */
export function passesIcs(passes: readonly Pass[], t: Translate, now = new Date()): string {
  const stamp = icsTime(now.toISOString())
  const lines = ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//rs-portal//orbit//ZH', 'CALSCALE:GREGORIAN', 'METHOD:PUBLISH']
  for (const p of passes) {
    const description = passColumns(t)
      .map((c) => punctuationNow().label(c.header) + String(c.value(p)))
      .join('\n')
    lines.push(
      'BEGIN:VEVENT',
      `UID:${p.noradId}-${p.sensor.replace(/[^A-Za-z0-9]/g, '')}-${icsTime(p.start)}@rs-portal`,
      `DTSTAMP:${stamp}`,
      `DTSTART:${icsTime(p.start)}`,
      `DTEND:${icsTime(p.end)}`,
      `SUMMARY:${icsText(t('orbit.result.eventTitle', { satellite: p.satellite, sensor: p.sensor }))}`,
      `DESCRIPTION:${icsText(description)}`,
      `GEO:${p.subPoint[1].toFixed(6)};${p.subPoint[0].toFixed(6)}`,
      'END:VEVENT',
    )
  }
  lines.push('END:VCALENDAR')
  return `${lines.map(foldIcsLine).join('\r\n')}\r\n`
}
