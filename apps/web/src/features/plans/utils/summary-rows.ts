import type { PlanSummarySheet } from '@rs/shared'

/** A line of the summary sheet as the screen shows it, in the order of the ministry's Excel file. */
export interface SummaryLine {
  key: string
  kind: 'unit' | 'byResolution' | 'total'
  unitName: string
  unitRegion: string
  resolution: string | null
  items: number
  areaKm2: number
  months: number[]
  budget: number
  overlapKm2: number
}

/** The sheet's lines: each unit × resolution type, then each resolution type's sum, then the total (labels by the caller). */
export function summaryLines(sheet: PlanSummarySheet, labels: { byResolution: string; total: string }): SummaryLine[] {
  return [
    ...sheet.rows.map((r) => ({ ...r, key: `${r.unitRegion}-${r.resolution}`, kind: 'unit' as const })),
    ...sheet.byResolution.map((r) => ({
      ...r,
      key: `by-${r.resolution}`,
      kind: 'byResolution' as const,
      unitName: labels.byResolution,
      unitRegion: '',
    })),
    ...(sheet.rows.length > 0
      ? [{ ...sheet.total, key: 'total', kind: 'total' as const, unitName: labels.total, unitRegion: '', resolution: null }]
      : []),
  ]
}
