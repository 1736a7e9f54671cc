import { FileExcelOutlined } from '@ant-design/icons'
import { PLAN_UNIT_TYPES, type PlanUnitType, type PlanYear } from '@rs/shared'
import { Alert, Button, Segmented, Select, Space, Table, type TableColumnsType } from 'antd'
import { useState } from 'react'
import { errorMessage } from '../../../lib/api-client'
import { useT } from '../../../lib/i18n'
import { notify } from '../../../lib/notify'
import { exportSummary, usePlanSummary } from '../api/plans-api'
import { km2, money } from '../utils/plan-format'
import { type SummaryLine, summaryLines } from '../utils/summary-rows'

const MONTHS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]

/**
 * 汇总表: a year's published plans (or every live plan) per unit × resolution type, with the area
 * wanted in each month, items, area, budget and overlap; the sums by resolution type and the total
 * below; 导出 Excel downloads the server's file with the same lines.
 */
export function SummarySheetTab({ years }: { years: readonly PlanYear[] }) {
  const t = useT()
  const [chosenYear, setYear] = useState<number | undefined>()
  const [scope, setScope] = useState<'published' | 'all'>('published')
  const [unitType, setUnitType] = useState<PlanUnitType | undefined>()
  const [isExporting, setExporting] = useState(false)
  const year = chosenYear ?? (years.find((y) => y.state === 'published') ?? years[0])?.year
  const sheet = usePlanSummary({ year, state: scope, unitType })
  const lines = sheet.data ? summaryLines(sheet.data, { byResolution: t('plan.publish.byResolution'), total: t('plan.publish.total') }) : []

  const download = async () => {
    if (year === undefined) return
    setExporting(true)
    try {
      await exportSummary({ year, state: scope, ...(unitType ? { unitType } : {}) })
    } catch (error) {
      notify.error(errorMessage(error))
    } finally {
      setExporting(false)
    }
  }

  const columns: TableColumnsType<SummaryLine> = [
    {
      key: 'unit',
      title: t('plan.publish.unit'),
      width: 150,
      fixed: 'left',
      render: (_, l) => (l.kind === 'unit' ? l.unitName : <strong>{l.unitName}</strong>),
      onCell: (l) => ({ colSpan: l.kind === 'unit' ? 1 : 2 }),
    },
    {
      key: 'code',
      title: t('plan.publish.unitCode'),
      dataIndex: 'unitRegion',
      width: 90,
      onCell: (l) => ({ colSpan: l.kind === 'unit' ? 1 : 0 }),
    },
    {
      key: 'resolution',
      title: t('plan.publish.resolution'),
      width: 100,
      render: (_, l) => (l.resolution ? t(`plan.resolution.${l.resolution}`) : ''),
    },
    { key: 'items', title: t('plan.publish.items'), dataIndex: 'items', width: 60, align: 'right' },
    { key: 'area', title: t('plan.publish.area'), width: 110, align: 'right', render: (_, l) => km2(l.areaKm2) },
    ...MONTHS.map((month) => ({
      key: `m${month}`,
      title: t('plan.monthName', { month }),
      width: 76,
      align: 'right' as const,
      render: (_: unknown, l: SummaryLine) => km2(l.months[month - 1] ?? 0),
    })),
    { key: 'budget', title: t('plan.publish.budget'), width: 110, align: 'right', render: (_, l) => money(l.budget) },
    { key: 'overlap', title: t('plan.publish.overlap'), width: 100, align: 'right', render: (_, l) => km2(l.overlapKm2) },
  ]

  return (
    <div data-testid="plan-summary">
      <Space wrap style={{ marginBottom: 12 }}>
        <Select
          aria-label={t('plan.publish.year')}
          style={{ width: 120 }}
          value={year}
          onChange={setYear}
          data-testid="summary-year"
          options={years.map((y) => ({ value: y.year, label: String(y.year) }))}
        />
        <Segmented
          value={scope}
          onChange={(v) => setScope(v as 'published' | 'all')}
          data-testid="summary-scope"
          options={[
            { value: 'published', label: t('plan.publish.scopePublished') },
            { value: 'all', label: t('plan.publish.scopeAll') },
          ]}
        />
        <Select<PlanUnitType | 'all'>
          aria-label={t('plan.publish.unitType')}
          style={{ width: 140 }}
          value={unitType ?? 'all'}
          onChange={(v) => setUnitType(v === 'all' ? undefined : v)}
          data-testid="summary-unit-type"
          options={[
            { value: 'all', label: t('plan.publish.allUnitTypes') },
            ...PLAN_UNIT_TYPES.map((u) => ({ value: u, label: t(`plan.unitType.${u}`) })),
          ]}
        />
        <Button
          icon={<FileExcelOutlined />}
          onClick={download}
          loading={isExporting}
          disabled={year === undefined}
          data-testid="summary-export"
        >
          {t('plan.publish.exportExcel')}
        </Button>
      </Space>
      {sheet.error && <Alert type="error" showIcon title={errorMessage(sheet.error)} style={{ marginBottom: 8 }} />}
      <Table<SummaryLine>
        size="small"
        bordered
        rowKey="key"
        columns={columns}
        dataSource={lines}
        loading={sheet.isFetching}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('plan.publish.summaryEmpty') }}
        rowClassName={(l) => (l.kind === 'unit' ? '' : `plan-summary__${l.kind}`)}
        onRow={(l) =>
          ({
            'data-testid': `summary-${l.kind}`,
            style: l.kind === 'total' ? { fontWeight: 600, background: '#fafafa' } : undefined,
          }) as object
        }
      />
    </div>
  )
}
