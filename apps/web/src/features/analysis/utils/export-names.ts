import type { AnalysisFigure, AnalysisPage } from '@rs/shared'

/** A column title with its unit, as the table and the CSV header show it: 数量（颗）. */
export function columnHeading(column: { title: string; unit?: string }): string {
  return column.unit ? `${column.title}（${column.unit}）` : column.title
}

/** Characters Windows and macOS refuse in file names (line breaks and tabs go with the white space). */
const UNSAFE_FILE_CHARS = /[\\/:*?"<>|]+/g

/** Export file name: page title, figure title and asOf, joined by dashes: 总体统计-历年发射数量-2023-05-01.csv. */
export function exportFileName(
  page: Pick<AnalysisPage, 'title' | 'asOf'>,
  figure: Pick<AnalysisFigure, 'title'>,
  extension: string,
): string {
  const base = [page.title, figure.title, page.asOf]
    .map((part) => part.replace(UNSAFE_FILE_CHARS, ' ').replace(/\s+/g, ' ').trim())
    .filter(Boolean)
    .join('-')
  return `${base}.${extension}`
}
