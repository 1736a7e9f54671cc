import type { ExportCell } from '@rs/shared'
import { formatNumber, textEm } from './format'
import { cellValue, columnHeading, type FigureColumn, type FigureTableSpec } from './model'

/** Table font size in px (antd's default). */
const FONT_PX = 14
/** Cell padding left and right of antd's small table, in px. */
const CELL_PADDING_PX = 16
/** Sort arrows beside a numeric column's title, in em. */
const SORTER_EM = 1.6
/**
 * Widest table, in px, that still leaves the chart beside it enough room. The server sizes each
 * analysis chart image with the same estimate (apps/server/src/modules/analysis/chart-option.ts): keep the two in step.
 */
export const BESIDE_TABLE_MAX_PX = 500

/** Whether a column's values are numbers (empty cells allowed, no text): right-aligned and sortable. */
export function isNumericColumn(values: readonly ExportCell[]): boolean {
  return values.some((value) => typeof value === 'number') && values.every((value) => typeof value !== 'string')
}

/** The text a cell shows: the column's format, else numbers with separators, text as it is, a dash for nothing. */
export function cellText<Row>(column: FigureColumn<Row>, value: ExportCell, numeric: boolean): string {
  if (column.format) return column.format(value)
  if (numeric) return formatNumber(value)
  return value === null || value === undefined || value === '' ? '—' : String(value)
}

/** How wide a figure's table is without wrapping, in px (an estimate from the characters). */
export function tableNaturalWidth<Row>(table: Pick<FigureTableSpec<Row>, 'columns' | 'rows'>): number {
  return table.columns.reduce((sum, column) => {
    const values = table.rows.map((row) => cellValue(column, row))
    const numeric = isNumericColumn(values)
    const headingEm = textEm(columnHeading(column)) + (numeric && column.sortable !== false ? SORTER_EM : 0)
    const cellEm = Math.max(0, ...values.map((value) => textEm(cellText(column, value, numeric))))
    return sum + Math.max(headingEm, cellEm) * FONT_PX + CELL_PADDING_PX
  }, 0)
}

/** Whether the table fits beside the chart on a wide screen; otherwise it goes under it, full width. */
export function fitsBesideChart<Row>(table: Pick<FigureTableSpec<Row>, 'columns' | 'rows'>): boolean {
  return tableNaturalWidth(table) <= BESIDE_TABLE_MAX_PX
}
