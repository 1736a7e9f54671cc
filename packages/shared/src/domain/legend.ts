/** Legend rules of SPEC.md §9: ten colour classes from zero to the maximum, grey for no data. */

/** Number of colour classes of every legend. */
export const LEGEND_CLASS_COUNT = 10
/** Colour of a region or cell without data. */
export const NO_DATA_COLOR = '#cccccc'
/** Value of the legend item that stands for every class. */
export const LEGEND_ALL = 'all'
/** Value of the legend item for regions without data. */
export const LEGEND_NO_DATA = 'none'

/** What a legend counts: the number of spots ('num', the default) or their area. */
export type LegendSwitch = 'num' | 'area'

/** Yellow-to-red palettes of ten colours each, lightest (smallest values) first. */
export const LEGEND_PALETTES = {
  yellowRed: ['#ffffcc', '#ffeda0', '#fed976', '#feb24c', '#fd8d3c', '#fc4e2a', '#e31a1c', '#d00d21', '#bd0026', '#800026'],
  orangeRed: ['#fff7ec', '#fee8c8', '#fdd49e', '#fdbb84', '#fc8d59', '#ef6548', '#e34a33', '#d7301f', '#b30000', '#7f0000'],
  yellowOrangeBrown: ['#ffffe5', '#fff7bc', '#fee391', '#fec44f', '#fe9929', '#ec7014', '#cc4c02', '#b04104', '#993404', '#662506'],
  warm: ['#fff5b1', '#ffe08a', '#ffc76b', '#ffad52', '#ff9341', '#f77536', '#ea5530', '#d7372c', '#bd1d28', '#9e0a22'],
} as const satisfies Record<string, readonly string[]>
export type LegendPaletteName = keyof typeof LEGEND_PALETTES

/** One row of a legend (SPEC.md §3). */
export interface LegendItem {
  value: string
  checked: boolean
  color: string
  label: string
}

/** Rounds to two decimals, as the class bounds are shown. */
export function round2(value: number): number {
  return Math.round(value * 100) / 100
}

/** The class step: the maximum divided into ten classes (0 when there is no positive maximum). */
export function legendStep(max: number): number {
  return Number.isFinite(max) && max > 0 ? max / LEGEND_CLASS_COUNT : 0
}

/** The eleven class bounds step × index (index 0…10), two decimals. */
export function legendBounds(max: number): number[] {
  const step = legendStep(max)
  return Array.from({ length: LEGEND_CLASS_COUNT + 1 }, (_, i) => round2(step * i))
}

/** Class index 0…9 of a value; values at or above the maximum fall in the last class. */
export function legendClassOf(value: number, max: number): number {
  const step = legendStep(max)
  if (step === 0 || value <= 0) return 0
  return Math.min(LEGEND_CLASS_COUNT - 1, Math.floor(value / step))
}

/** Fill colour of a value; grey when there is no data (null, undefined or not a number). */
export function legendColor(value: number | null | undefined, max: number, palette: LegendPaletteName = 'yellowRed'): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return NO_DATA_COLOR
  return LEGEND_PALETTES[palette][legendClassOf(value, max)] as string
}

/** Words of the legend, given by the caller in the user's language. */
export interface LegendLabels {
  all: string
  noData: string
  /** Formats the range of one class, e.g. (from, to) => `${from} – ${to}`. */
  range: (from: string, to: string) => string
}

/**
 * The legend of a maximum value: 'all' (checked), ten classes with their bounds as labels, and
 * the grey no-data row. Class values are their index '0'…'9'.
 */
export function buildLegendItems(max: number, labels: LegendLabels, palette: LegendPaletteName = 'yellowRed'): LegendItem[] {
  const bounds = legendBounds(max)
  const colors = LEGEND_PALETTES[palette]
  const classes = colors.map((color, i) => ({
    value: String(i),
    checked: false,
    color,
    label: labels.range((bounds[i] as number).toFixed(2), (bounds[i + 1] as number).toFixed(2)),
  }))
  return [
    { value: LEGEND_ALL, checked: true, color: '', label: labels.all },
    ...classes,
    { value: LEGEND_NO_DATA, checked: false, color: NO_DATA_COLOR, label: labels.noData },
  ]
}

/** Applies the 'all' rule of SPEC.md §4: when nothing is checked, 'all' is checked. */
export function normalizeLegend(items: LegendItem[]): LegendItem[] {
  if (items.some((item) => item.checked)) return items
  return items.map((item) => (item.value === LEGEND_ALL ? { ...item, checked: true } : item))
}

/**
 * Toggles one legend row. Checking 'all' unchecks every class; checking a class unchecks 'all';
 * unchecking the last class checks 'all' again.
 */
export function toggleLegendItem(items: LegendItem[], value: string): LegendItem[] {
  if (value === LEGEND_ALL) return items.map((item) => ({ ...item, checked: item.value === LEGEND_ALL }))
  const next = items.map((item) => {
    if (item.value === value) return { ...item, checked: !item.checked }
    if (item.value === LEGEND_ALL) return { ...item, checked: false }
    return item
  })
  return normalizeLegend(next)
}

/** The checked class values for a query; empty means every class ('all'). */
export function checkedLegendValues(items: LegendItem[]): string[] {
  if (items.some((item) => item.value === LEGEND_ALL && item.checked)) return []
  return items.filter((item) => item.checked).map((item) => item.value)
}

/** The value a record contributes to the legend under the current switch. */
export function legendValueOf(record: { num?: number | null; area?: number | null }, mode: LegendSwitch): number | null {
  const value = mode === 'area' ? record.area : record.num
  return value === undefined || value === null || !Number.isFinite(value) ? null : value
}

/** The maximum legend value of some records (0 when none has data). */
export function legendMax(records: ReadonlyArray<{ num?: number | null; area?: number | null }>, mode: LegendSwitch): number {
  let max = 0
  for (const record of records) {
    const value = legendValueOf(record, mode)
    if (value !== null && value > max) max = value
  }
  return max
}
