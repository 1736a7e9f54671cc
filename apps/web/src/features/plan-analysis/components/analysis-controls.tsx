import {
  ALL_MONTH_NUMBERS,
  COVERAGE_CLASS_KEYS,
  PLAN_ACQUISITION_TYPES,
  PLAN_ALL_MONTHS,
  PLAN_ANALYSIS_OPTIONS,
  PLAN_UNIT_TYPES,
  PLAN_YEAR_OPTIONS,
  parsePlanMonths,
  planMonthsText,
} from '@rs/shared'
import { Checkbox, Segmented, Select, Space } from 'antd'
import type { ReactNode } from 'react'
import { useT } from '../../../lib/i18n'
import { ALL, type AnalysisQuestion } from '../utils/analysis-question'

export interface AnalysisControlsProps {
  question: AnalysisQuestion
  onChange: (change: Partial<AnalysisQuestion>) => void
  /** The plan years to offer (the years list, with the asked ones), newest first. */
  planYears: readonly number[]
  /** The purchase years to offer, newest first. */
  purchaseYears: readonly number[]
  /** The units to offer for the owners filter: code and name. */
  owners: ReadonlyArray<{ code: string; name: string }>
  /** The region picker, composed by the route (value, onChange). */
  regionPicker: ReactNode
}

/** A control with its label before it. */
function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Space size={6} align="center">
      <span>{label}</span>
      {children}
    </Space>
  )
}

/** A labelled single choice (its label also names it for assistive technology). */
function Choice<T extends string | number>(props: {
  label: string
  testId: string
  value: T
  options: ReadonlyArray<{ value: T; label: string }>
  width: number
  onChange: (value: T) => void
}) {
  return (
    <Field label={props.label}>
      <Select<T>
        aria-label={props.label}
        data-testid={props.testId}
        value={props.value}
        style={{ width: props.width }}
        options={props.options as Array<{ value: T; label: string }>}
        onChange={props.onChange}
      />
    </Field>
  )
}

/** The analysis's question as a form: options, years, region, filters. Every change goes to the address. */
export function AnalysisControls({ question: q, onChange, planYears, purchaseYears, owners, regionPicker }: AnalysisControlsProps) {
  const t = useT()
  const years = (list: readonly number[]) => list.map((y) => ({ value: y, label: t('plan.analysis.yearLabel', { year: y }) }))
  // a filter of named values, or 全部
  const filter = <T extends string>(values: readonly T[], key: (v: T) => string) => [
    { value: ALL as T | typeof ALL, label: t('plan.analysis.all') },
    ...values.map((v) => ({ value: v as T | typeof ALL, label: t(key(v)) })),
  ]
  const months = q.month === PLAN_ALL_MONTHS ? [] : (parsePlanMonths(q.month) ?? [])
  return (
    <div data-testid="analysis-controls" style={{ display: 'grid', gap: 10, marginBottom: 12 }}>
      <Space wrap size={[16, 8]}>
        <Field label={t('plan.analysis.analysisOption')}>
          <Segmented
            data-testid="analysis-option"
            value={q.analysisOption}
            options={PLAN_ANALYSIS_OPTIONS.map((o) => ({ value: o, label: t(`plan.analysisOption.${o}`) }))}
            onChange={(v) => onChange({ analysisOption: v as AnalysisQuestion['analysisOption'] })}
          />
        </Field>
        <Field label={t('plan.analysis.yearOption')}>
          <Segmented
            data-testid="year-option"
            value={q.yearOption}
            options={PLAN_YEAR_OPTIONS.map((o) => ({ value: o, label: t(`plan.yearOption.${o}`) }))}
            onChange={(v) => onChange({ yearOption: v as AnalysisQuestion['yearOption'] })}
          />
        </Field>
        <Choice
          label={t('plan.analysis.planYear')}
          testId="plan-year"
          value={q.planYear}
          options={years(planYears)}
          width={100}
          onChange={(v) => onChange({ planYear: v })}
        />
        {q.yearOption === 2 && (
          <Choice
            label={t('plan.analysis.compareYear')}
            testId="compare-year"
            value={q.compareYear}
            options={years(planYears.filter((y) => y !== q.planYear))}
            width={100}
            onChange={(v) => onChange({ compareYear: v })}
          />
        )}
        <Choice
          label={t('plan.analysis.purchaseYear')}
          testId="purchase-year"
          value={q.purchaseYear}
          options={years(purchaseYears)}
          width={100}
          onChange={(v) => onChange({ purchaseYear: v })}
        />
      </Space>
      <Field label={t('plan.analysis.region')}>{regionPicker}</Field>
      <Space wrap size={[16, 8]}>
        <Choice
          label={t('plan.analysis.unitType')}
          testId="unit-type"
          value={q.unitType}
          options={filter(PLAN_UNIT_TYPES, (u) => `plan.unitType.${u}`)}
          width={100}
          onChange={(v) => onChange({ unitType: v })}
        />
        <Choice
          label={t('plan.analysis.resolution')}
          testId="resolution"
          value={q.resolution}
          options={filter(COVERAGE_CLASS_KEYS, (r) => `plan.resolution.${r}`)}
          width={110}
          onChange={(v) => onChange({ resolution: v })}
        />
        <Field label={t('plan.analysis.month')}>
          <Select
            mode="multiple"
            aria-label={t('plan.analysis.month')}
            data-testid="month"
            value={months}
            placeholder={t('plan.analysis.allMonths')}
            style={{ minWidth: 130 }}
            maxTagCount="responsive"
            options={ALL_MONTH_NUMBERS.map((m) => ({ value: m, label: t('plan.monthName', { month: m }) }))}
            onChange={(list: number[]) => onChange({ month: list.length === 0 ? PLAN_ALL_MONTHS : planMonthsText(list) })}
          />
        </Field>
        <Choice
          label={t('plan.analysis.cjlx')}
          testId="cjlx"
          value={q.cjlx}
          options={filter(PLAN_ACQUISITION_TYPES, (c) => `plan.cjlx.${c}`)}
          width={180}
          onChange={(v) => onChange({ cjlx: v })}
        />
        <Field label={t('plan.analysis.owners')}>
          <Select
            mode="multiple"
            aria-label={t('plan.analysis.owners')}
            data-testid="owners"
            value={q.owners}
            placeholder={t('plan.analysis.allOwners')}
            style={{ minWidth: 160 }}
            maxTagCount="responsive"
            options={owners.map((o) => ({ value: o.code, label: o.name }))}
            optionFilterProp="label"
            onChange={(list: string[]) => onChange({ owners: list })}
          />
        </Field>
        <Checkbox checked={q.overlap} onChange={(e) => onChange({ overlap: e.target.checked })} data-testid="overlap-only">
          {t('plan.analysis.overlapOnly')}
        </Checkbox>
      </Space>
    </div>
  )
}
