import type { AnalysisFigure } from '@rs/shared'
import { columnHeading } from './export-names'
import { formatNumber, textEm } from './format'

/** Table font size in px (antd's default). */
const FONT_PX = 14
/** Cell padding left and right of antd's small table, in px. */
const CELL_PADDING_PX = 16
/** Sort arrows beside a numeric column's title, in em. */
const SORTER_EM = 1.6
/**
 * Widest table, in px, that still leaves the chart beside it enough room. The server sizes each
 * chart image with the same estimate (apps/server/src/modules/analysis/chart-option.ts): keep the two in step.
 */
export const BESIDE_TABLE_MAX_PX = 500

/** Whether a column holds numbers (empty cells allowed, no text): right-aligned and sortable. */
export function isNumericColumn(rows: AnalysisFigure['rows'], key: string): boolean {
  return rows.some((row) => typeof row[key] === 'number') && rows.every((row) => typeof row[key] !== 'string')
}

/** How wide a figure's table is without wrapping, in px (an estimate from the characters). */
export function tableNaturalWidth(figure: Pick<AnalysisFigure, 'columns' | 'rows'>): number {
  return figure.columns.reduce((sum, column) => {
    const numeric = isNumericColumn(figure.rows, column.key)
    const headingEm = textEm(columnHeading(column)) + (numeric ? SORTER_EM : 0)
    const cellEm = Math.max(
      0,
      ...figure.rows.map((row) => {
        const value = row[column.key]
        return textEm(numeric ? formatNumber(value) : value === null || value === undefined ? '—' : String(value))
      }),
    )
    return sum + Math.max(headingEm, cellEm) * FONT_PX + CELL_PADDING_PX
  }, 0)
}

/** Whether the table fits beside the chart on a wide screen; otherwise it goes under it, full width. */
export function fitsBesideChart(figure: Pick<AnalysisFigure, 'columns' | 'rows'>): boolean {
  return tableNaturalWidth(figure) <= BESIDE_TABLE_MAX_PX
}
