import {
  type LegendItem,
  type LegendSwitch,
  type MonitorBatch,
  type MonitorModuleDecl,
  type MonitorStage,
  punctuationNow,
  WHOLE_COUNTRY_CODE,
} from '@rs/shared'
import { Select } from 'antd'
import type { ColumnType } from 'antd/es/table'
import type { ReactNode } from 'react'
import { useT } from '../../../lib/i18n'
import { MapLegend } from '../../../map/legend'
import { formatValue, type MeasuredRow, rowValue } from '../utils/statistics'

/**
 * What the monitoring modes (statistics, grid, sequence, trend) share: the module's measure in words,
 * the batch range, stage and spot-type filters, the count and measure columns of their tables and the
 * legend on their maps. A module's declaration decides what shows (no measure: no area column, no
 * count/area switch; its spot types in the type filter).
 */

/** The module's measure and its unit in words: area in km², or length in km for roads. */
export function useMeasureWords(module: MonitorModuleDecl) {
  const t = useT()
  return module.measure === 'length'
    ? { label: t('monitor.metric.length'), unit: t('monitor.metric.unitLength') }
    : { label: t('monitor.metric.area'), unit: t('monitor.metric.unitArea') }
}

/** What the route hands in from the region feature: a province → city → county picker and a region's name. */
export interface RegionSlots {
  regionPicker?: (value: string, onChange: (code: string) => void) => ReactNode
  regionName?: (code: string) => ReactNode
}

/**
 * The region of the grid and sequence modes, within the caller's area ranges (the server limits the
 * data to them either way): one area range, the picker below it; several, a choice among them by name,
 * or all of them together.
 */
export function AreaRegionSelect(
  props: RegionSlots & { areaRegion: readonly string[]; value: string; onChange: (code: string) => void; testId?: string },
) {
  const t = useT()
  if (props.regionPicker && props.areaRegion.length === 1) return props.regionPicker(props.value, props.onChange)
  return (
    <Select
      style={{ width: 200 }}
      value={props.value}
      onChange={props.onChange}
      aria-label={t('monitor.screen.region')}
      data-testid={props.testId}
      options={[
        { value: WHOLE_COUNTRY_CODE, label: t('monitorModes.grid.allRegions') },
        ...props.areaRegion
          .filter((r) => r !== WHOLE_COUNTRY_CODE)
          .map((r) => ({ value: r, label: props.regionName ? props.regionName(r) : r })),
      ]}
    />
  )
}

/** Batches as options, their date code as the label. */
export const batchOptions = (batches: readonly MonitorBatch[]) => batches.map((b) => ({ value: b.batch, label: b.batch }))

/** 批次 from … to …: the first and last batch of a range. */
export function BatchRange(props: {
  batches: readonly MonitorBatch[]
  from: string | undefined
  to: string | undefined
  onFrom: (batch: string) => void
  onTo: (batch: string) => void
}) {
  const t = useT()
  const options = batchOptions(props.batches)
  return (
    <>
      <span>{t('monitor.screen.batchFrom')}</span>
      <Select
        style={{ width: 130 }}
        value={props.from}
        options={options}
        onChange={props.onFrom}
        aria-label={t('monitor.screen.batchFrom')}
        data-testid="batch-from"
      />
      <span>{t('monitor.screen.batchTo')}</span>
      <Select
        style={{ width: 130 }}
        value={props.to}
        options={options}
        onChange={props.onTo}
        aria-label={t('monitor.screen.batchTo')}
        data-testid="batch-to"
      />
    </>
  )
}

/** 全部阶段 / 新增 / 持续: undefined is all. */
export function StageSelect({ value, onChange }: { value: MonitorStage | undefined; onChange: (stage: MonitorStage | undefined) => void }) {
  const t = useT()
  return (
    <Select
      style={{ width: 120 }}
      value={value ?? ''}
      onChange={(v) => onChange((v || undefined) as MonitorStage | undefined)}
      aria-label={t('monitor.screen.stage')}
      data-testid="stage"
      options={[
        { value: '', label: t('monitor.stage.all') },
        { value: 'new', label: t('monitor.stage.new') },
        { value: 'persist', label: t('monitor.stage.persist') },
      ]}
    />
  )
}

/** 全部类型 and the module's declared spot types: undefined is all. */
export function SpotTypeSelect(props: {
  module: MonitorModuleDecl
  value: string | undefined
  onChange: (tblx: string | undefined) => void
  testId?: string
}) {
  const t = useT()
  return (
    <Select
      style={{ width: 200 }}
      value={props.value ?? ''}
      onChange={(v) => props.onChange(v || undefined)}
      aria-label={t('monitor.screen.spotType')}
      data-testid={props.testId ?? 'spot-type'}
      options={[
        { value: '', label: t('monitor.screen.allSpotTypes') },
        ...props.module.spotTypes.map((s) => ({ value: s.value, label: t(s.labelKey) })),
      ]}
    />
  )
}

/** The count column and, when the module has a measure, its area or length column, right-aligned. */
export function useMetricColumns<T extends MeasuredRow>(module: MonitorModuleDecl, options: { sortable?: boolean } = {}): ColumnType<T>[] {
  const t = useT()
  const measure = useMeasureWords(module)
  const value = (row: T, mode: LegendSwitch) => rowValue(row, mode, module.measure)
  const column = (mode: LegendSwitch, title: string): ColumnType<T> => ({
    title,
    align: 'right',
    render: (_: unknown, row: T) => formatValue(value(row, mode)),
    ...(options.sortable ? { sorter: (a: T, b: T) => (value(a, mode) ?? 0) - (value(b, mode) ?? 0) } : {}),
  })
  return [
    column('num', punctuationNow().withUnit(t('monitor.metric.count'), t('monitor.metric.unitCount'))),
    ...(module.measure === null ? [] : [column('area', punctuationNow().withUnit(measure.label, measure.unit))]),
  ]
}

/** The SPEC §9 legend in the lower right of a mode's map, in the module's words. */
export function ModeLegend(props: {
  module: MonitorModuleDecl
  legend: { items: LegendItem[]; toggle: (value: string) => void }
  mode: LegendSwitch
  onModeChange: (mode: LegendSwitch) => void
}) {
  const t = useT()
  const measure = useMeasureWords(props.module)
  return (
    <div style={{ position: 'absolute', right: 12, bottom: 40, zIndex: 5 }}>
      <MapLegend
        items={props.legend.items}
        mode={props.mode}
        onToggle={props.legend.toggle}
        onModeChange={props.onModeChange}
        labels={{
          area: props.module.measure === null ? null : measure.label,
          unitNum: t('monitor.metric.unitCount'),
          unitArea: measure.unit,
        }}
      />
    </div>
  )
}
