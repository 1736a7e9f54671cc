import {
  checkedLegendValues,
  LEGEND_NO_DATA,
  type LegendItem,
  type LegendPaletteName,
  type LegendSwitch,
  legendClassOf,
  legendColor,
  type MonitorMeasure,
  type MonitorStatisticsRow,
  NO_DATA_COLOR,
} from '@rs/shared'
import { groupDigits } from '../../../lib/format-number'

/** A row with a count and the measures a module may have (statistics rows, grid cells, batches). */
export type MeasuredRow = Pick<MonitorStatisticsRow, 'num' | 'areaKm2' | 'lengthKm'>

/** The value a row shows under the switch: its count, or its area (km²) or length (km) by the module's measure. */
export function rowValue(row: MeasuredRow, mode: LegendSwitch, measure: MonitorMeasure): number | null {
  if (mode === 'num' || measure === null) return row.num
  return measure === 'length' ? row.lengthKm : row.areaKm2
}

/** The largest positive value of the rows under the switch (0 when none has data). */
export function maxValue(rows: readonly MonitorStatisticsRow[], mode: LegendSwitch, measure: MonitorMeasure): number {
  return rows.reduce((max, row) => Math.max(max, rowValue(row, mode, measure) ?? 0), 0)
}

/** The row with the largest value (the region the map and table mark); undefined when no row has data. */
export function largestRow(
  rows: readonly MonitorStatisticsRow[],
  mode: LegendSwitch,
  measure: MonitorMeasure,
): MonitorStatisticsRow | undefined {
  let best: MonitorStatisticsRow | undefined
  for (const row of rows) {
    const value = rowValue(row, mode, measure)
    if (value !== null && value > 0 && (best === undefined || value > (rowValue(best, mode, measure) ?? 0))) best = row
  }
  return best
}

/**
 * Fill colour of each region by the ten-class legend of SPEC §9 (grey #cccccc without data); a
 * region whose class the legend leaves unchecked gets null (not drawn).
 */
export function regionColors(
  rows: readonly MonitorStatisticsRow[],
  mode: LegendSwitch,
  measure: MonitorMeasure,
  palette: LegendPaletteName,
  legend: readonly LegendItem[],
): Map<string, string | null> {
  const max = maxValue(rows, mode, measure)
  const checked = checkedLegendValues([...legend])
  const out = new Map<string, string | null>()
  for (const row of rows) {
    const value = rowValue(row, mode, measure)
    const hasData = value !== null && value > 0
    const key = hasData ? String(legendClassOf(value, max)) : LEGEND_NO_DATA
    const shown = checked.length === 0 || checked.includes(key)
    out.set(row.code, shown ? (hasData ? legendColor(value, max, palette) : NO_DATA_COLOR) : null)
  }
  return out
}

/** A number as the table and popups show it: integers plain, other values with two decimals. */
export function formatValue(value: number | null): string {
  if (value === null) return '—'
  return Number.isInteger(value) ? groupDigits(value) : groupDigits(value, { min: 2, max: 2 })
}
