import {
  PLAN_STATES,
  PLAN_UNIT_TYPES,
  type PlanState,
  type PlanSummary,
  type PlanUnitType,
  type PlanYear,
  WHOLE_COUNTRY_CODE,
} from '@rs/shared'
import { Alert, Button, Select, Space, Table, type TableColumnsType, Typography } from 'antd'
import { useState } from 'react'
import { errorMessage } from '../../../lib/api-client'
import { useT } from '../../../lib/i18n'
import { formatBeijing } from '../../../lib/time'
import { type PlanListFilter, usePlanList } from '../api/plans-api'
import { km2, money } from '../utils/plan-format'
import { PlanReviewDrawer } from './plan-review-drawer'
import type { PlanSlots } from './plan-slots'
import { PlanStateTag } from './plan-tags'

const PAGE_SIZE = 20

/** 规划列表: the live plans by year, state, unit type and region, 20 a page; a plan opens in the review drawer. */
export function PlanListTab({ years, slots, tiandituKey }: { years: readonly PlanYear[]; slots: PlanSlots; tiandituKey: string }) {
  const t = useT()
  const [filter, setFilter] = useState<PlanListFilter>({ pageNum: 1, pageSize: PAGE_SIZE })
  const [openId, setOpenId] = useState<number | null>(null)
  const list = usePlanList(filter)
  const change = (next: Partial<PlanListFilter>) => setFilter((f) => ({ ...f, ...next, pageNum: 1 }))

  const columns: TableColumnsType<PlanSummary> = [
    {
      key: 'unit',
      title: t('plan.publish.unit'),
      width: 160,
      render: (_, p) => (
        <span data-testid="plan-row-unit">
          {p.unitName}
          <Typography.Text type="secondary" style={{ fontSize: 12, marginLeft: 6 }}>
            {p.unitRegion}
          </Typography.Text>
        </span>
      ),
    },
    { key: 'year', title: t('plan.publish.year'), dataIndex: 'year', width: 60 },
    { key: 'unitType', title: t('plan.publish.unitType'), width: 76, render: (_, p) => t(`plan.unitType.${p.unitType}`) },
    { key: 'revision', title: t('plan.publish.revision'), width: 72, render: (_, p) => t('plan.fill.revision', { revision: p.revision }) },
    { key: 'state', title: t('plan.publish.state'), width: 96, render: (_, p) => <PlanStateTag state={p.state} /> },
    {
      key: 'items',
      title: t('plan.publish.items'),
      width: 120,
      render: (_, p) =>
        [
          String(p.items),
          ...(['pending', 'accepted', 'returned'] as const)
            .filter((s) => (p.itemStates[s] ?? 0) > 0 && p.state !== 'draft')
            .map((s) => `${t(`plan.itemState.${s}`)} ${p.itemStates[s]}`),
        ].join(' · '),
    },
    { key: 'area', title: t('plan.publish.area'), width: 104, align: 'right', render: (_, p) => km2(p.areaKm2) },
    { key: 'budget', title: t('plan.publish.budget'), width: 100, align: 'right', render: (_, p) => money(p.budget) },
    { key: 'submittedBy', title: t('plan.publish.submittedBy'), width: 90, render: (_, p) => p.submittedBy ?? '—' },
    {
      key: 'submittedAt',
      title: t('plan.publish.submittedAt'),
      width: 150,
      render: (_, p) => (p.submittedAt ? formatBeijing(p.submittedAt) : '—'),
    },
    {
      key: 'open',
      title: t('plan.publish.actions'),
      width: 70,
      fixed: 'right',
      render: (_, p) => (
        <Button type="link" size="small" onClick={() => setOpenId(p.id)} data-testid={`plan-open-${p.id}`}>
          {p.state === 'submitted' ? t('plan.publish.review') : t('plan.publish.open')}
        </Button>
      ),
    },
  ]

  return (
    <div data-testid="plan-list">
      <Space wrap style={{ marginBottom: 12 }}>
        <Select<number | 'all'>
          aria-label={t('plan.publish.year')}
          style={{ width: 130 }}
          value={filter.year ?? 'all'}
          onChange={(v) => change({ year: v === 'all' ? undefined : v })}
          data-testid="plan-filter-year"
          options={[{ value: 'all', label: t('plan.publish.allYears') }, ...years.map((y) => ({ value: y.year, label: String(y.year) }))]}
        />
        <Select<PlanState | 'all'>
          aria-label={t('plan.publish.state')}
          style={{ width: 150 }}
          value={filter.state ?? 'all'}
          onChange={(v) => change({ state: v === 'all' ? undefined : v })}
          data-testid="plan-filter-state"
          options={[
            { value: 'all', label: t('plan.publish.allStates') },
            ...PLAN_STATES.filter((s) => s !== 'superseded').map((s) => ({ value: s, label: t(`plan.state.${s}`) })),
          ]}
        />
        <Select<PlanUnitType | 'all'>
          aria-label={t('plan.publish.unitType')}
          style={{ width: 140 }}
          value={filter.unitType ?? 'all'}
          onChange={(v) => change({ unitType: v === 'all' ? undefined : v })}
          data-testid="plan-filter-unit-type"
          options={[
            { value: 'all', label: t('plan.publish.allUnitTypes') },
            ...PLAN_UNIT_TYPES.map((u) => ({ value: u, label: t(`plan.unitType.${u}`) })),
          ]}
        />
        <span>
          {t('plan.publish.region')}
          {t('plan.fill.colon')}
        </span>
        {slots.regionPicker({
          value: filter.region ?? WHOLE_COUNTRY_CODE,
          onChange: (code) => change({ region: code === WHOLE_COUNTRY_CODE ? undefined : code }),
        })}
      </Space>
      {list.error && <Alert type="error" showIcon title={errorMessage(list.error)} style={{ marginBottom: 8 }} />}
      <Table<PlanSummary>
        size="small"
        rowKey="id"
        columns={columns}
        dataSource={list.data?.list ?? []}
        loading={list.isFetching}
        locale={{ emptyText: t('plan.publish.empty') }}
        scroll={{ x: 1100 }}
        data-testid="plan-table"
        pagination={{
          current: filter.pageNum,
          pageSize: PAGE_SIZE,
          total: list.data?.total ?? 0,
          showSizeChanger: false,
          onChange: (pageNum) => setFilter((f) => ({ ...f, pageNum })),
        }}
      />
      <PlanReviewDrawer id={openId} onClose={() => setOpenId(null)} tiandituKey={tiandituKey} />
    </div>
  )
}
