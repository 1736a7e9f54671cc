import {
  type ExportCell,
  type MonitorGridCell,
  type MonitorMeasure,
  type MonitorStatisticsRow,
  type MonitorTrend,
  tileBbox,
} from '@rs/shared'
import type { FigureTableSpec } from '../../../widgets/figure'
import { formatValue, rowValue } from './statistics'

/** Grid cells as statistics rows (code = "z/x/y"), so the legend, colours and largest of the statistics apply to them. */
export function cellRows(cells: readonly MonitorGridCell[]): MonitorStatisticsRow[] {
  return cells.map((c) => ({ code: c.key, name: c.key, num: c.num, areaKm2: c.areaKm2, lengthKm: c.lengthKm }))
}

/** The centre of a cell in degrees, 4 decimals (the table's 中心经纬度). */
export function cellCenter(cell: Pick<MonitorGridCell, 'x' | 'y' | 'z'>): [number, number] {
  const [w, s, e, n] = tileBbox(cell.x, cell.y, cell.z)
  const r = (v: number) => Math.round(v * 1e4) / 1e4
  return [r((w + e) / 2), r((s + n) / 2)]
}

/** The side of a level's cell at a latitude, metres rounded to 10 (for the level's label). */
export function cellSizeMetres(level: number, lat = 35): number {
  const metres = ((40_075_016.686 * Math.cos((lat * Math.PI) / 180)) / 2 ** level) | 0
  return Math.round(metres / 10) * 10
}

/** A value as the monitoring tables show it (formatValue), for a figure column's format. */
export const formatCell = (value: ExportCell): string => formatValue(typeof value === 'number' ? value : null)

/**
 * The trend as the figure's table: the region column and a column per batch, a row per child and
 * the region's total; values by the switch (count, area km² or length km; 0 for no spots). The
 * table, the CSV and the Excel file show the same.
 */
export function trendTable(
  trend: MonitorTrend,
  mode: 'num' | 'area',
  measure: MonitorMeasure,
  labels: { region: string; total: string },
): FigureTableSpec<MonitorTrend['rows'][number]> {
  const value = (f: { num: number; areaKm2: number | null; lengthKm: number | null }) => rowValue(f, mode, measure) ?? 0
  return {
    columns: [
      { key: 'name', title: labels.region, value: (r) => r.name, sortable: false, fixed: 'left', width: 160 },
      ...trend.batches.map((batch, i) => ({
        key: batch,
        title: batch,
        value: (r: MonitorTrend['rows'][number]) => {
          const f = r.values[i]
          return f ? value(f) : 0
        },
        format: formatCell,
        sortable: false,
      })),
    ],
    rows: trend.rows,
    rowKey: (r) => r.code,
    total: [labels.total, ...trend.total.map(value)],
  }
}

/** The children with the largest sum over the batches, at most `count` (the chart's lines), largest first. */
export function topRows(trend: MonitorTrend, mode: 'num' | 'area', measure: MonitorMeasure, count: number) {
  const sum = (r: MonitorTrend['rows'][number]) => r.values.reduce((a, f) => a + (rowValue(f, mode, measure) ?? 0), 0)
  return [...trend.rows]
    .filter((r) => sum(r) > 0)
    .sort((a, b) => sum(b) - sum(a))
    .slice(0, count)
}
