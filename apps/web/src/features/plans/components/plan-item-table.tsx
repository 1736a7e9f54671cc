import type { PlanItem } from '@rs/shared'
import { Descriptions, Table, type TableColumnsType, Tooltip, Typography } from 'antd'
import type { ReactNode } from 'react'
import { useT } from '../../../lib/i18n'
import { OVERLAP_COLOR } from '../map/plan-items-layer'
import { clausesOf, itemTotals, km2, listOf, money, monthsLabel } from '../utils/plan-format'
import { ItemStateTag } from './plan-tags'

export interface PlanItemTableProps {
  items: readonly PlanItem[]
  /** The actions of a row (修改/删除 for the unit, 通过/退回 for the ministry); none: no column. */
  renderActions?: (item: PlanItem) => ReactNode
  /** The item chosen on the map, marked in the table. */
  selectedId?: number | null
  onSelect?: (id: number | null) => void
  loading?: boolean
}

/**
 * A plan's items: name (a returned item's reason under it, in red), area and its source, resolution,
 * months, area, the purchase year's held share, the overlap with other units, budget and state; a
 * row opens to its acquisition type, purpose, owner unit, holdings and overlapping items; the totals
 * below.
 */
export function PlanItemTable({ items, renderActions, selectedId, onSelect, loading }: PlanItemTableProps) {
  const t = useT()
  const totals = itemTotals(items)
  const columns: TableColumnsType<PlanItem> = [
    {
      key: 'name',
      title: t('plan.fill.name'),
      width: 150,
      render: (_, item) => (
        <>
          <Typography.Text type="secondary">{item.seq}. </Typography.Text>
          <span data-testid="item-name">{item.name}</span>
          {item.state === 'returned' && item.returnReason && (
            <Typography.Text type="danger" style={{ display: 'block', fontSize: 12 }} data-testid="item-reason">
              {t('plan.fill.returnReason')}
              {t('plan.fill.colon')}
              {item.returnReason}
            </Typography.Text>
          )}
        </>
      ),
    },
    {
      key: 'area',
      title: t('plan.fill.area'),
      width: 110,
      ellipsis: { showTitle: true },
      render: (_, item) =>
        [t(`plan.areaSource.${item.areaSource}`), listOf(item.regionNames, t)].filter(Boolean).join(t('plan.fill.colon')),
    },
    { key: 'resolution', title: t('plan.fill.resolution'), width: 86, render: (_, item) => t(`plan.resolution.${item.resolution}`) },
    {
      key: 'months',
      title: t('plan.fill.months'),
      width: 92,
      ellipsis: { showTitle: true },
      render: (_, item) => monthsLabel(item.months, t),
    },
    { key: 'areaKm2', title: t('plan.fill.areaKm2'), width: 96, align: 'right', render: (_, item) => km2(item.areaKm2) },
    {
      key: 'held',
      title: t('plan.fill.heldPercent'),
      width: 90,
      align: 'right',
      render: (_, item) => (
        <Tooltip title={heldText(item.held, t)}>
          <span data-testid="item-held">{item.held.percent.toFixed(1)}</span>
        </Tooltip>
      ),
    },
    {
      key: 'overlap',
      title: t('plan.fill.overlapKm2'),
      width: 86,
      align: 'right',
      render: (_, item) =>
        item.overlapKm2 > 0 ? (
          <Tooltip
            title={clausesOf(
              item.overlaps.map((o) => overlapText(o, t)),
              t,
            )}
          >
            <span style={{ color: OVERLAP_COLOR, fontWeight: 600 }} data-testid="item-overlap">
              {km2(item.overlapKm2)}
            </span>
          </Tooltip>
        ) : (
          <span data-testid="item-overlap">0</span>
        ),
    },
    { key: 'budget', title: t('plan.fill.budget'), width: 100, align: 'right', render: (_, item) => money(item.budget) },
    { key: 'state', title: t('plan.fill.state'), width: 78, render: (_, item) => <ItemStateTag state={item.state} /> },
    ...(renderActions
      ? [
          {
            key: 'actions',
            title: t('plan.fill.actions'),
            width: 100,
            fixed: 'right' as const,
            render: (_: unknown, item: PlanItem) => renderActions(item),
          },
        ]
      : []),
  ]
  return (
    <Table<PlanItem>
      size="small"
      rowKey="id"
      data-testid="plan-items"
      loading={loading}
      columns={columns}
      dataSource={items as PlanItem[]}
      pagination={items.length > 20 ? { pageSize: 20, showSizeChanger: false } : false}
      scroll={{ x: renderActions ? 1040 : 940 }}
      locale={{ emptyText: t('plan.fill.emptyItems') }}
      rowClassName={(item) => (item.id === selectedId ? 'ant-table-row-selected' : '')}
      onRow={(item) => ({ onClick: () => onSelect?.(item.id === selectedId ? null : item.id) })}
      expandable={{ expandedRowRender: (item) => <ItemDetail item={item} /> }}
      summary={() =>
        items.length > 0 && (
          <Table.Summary.Row>
            <Table.Summary.Cell index={0} colSpan={5}>
              <span data-testid="plan-totals">
                {t('plan.fill.total', { items: totals.items, area: km2(totals.areaKm2), budget: money(totals.budget) })}
              </span>
            </Table.Summary.Cell>
            <Table.Summary.Cell index={5} align="right">
              {km2(totals.areaKm2)}
            </Table.Summary.Cell>
            <Table.Summary.Cell index={6} colSpan={2} />
            <Table.Summary.Cell index={8} align="right">
              {money(totals.budget)}
            </Table.Summary.Cell>
            <Table.Summary.Cell index={9} colSpan={renderActions ? 2 : 1} />
          </Table.Summary.Row>
        )
      }
    />
  )
}

const heldText = (held: PlanItem['held'], t: ReturnType<typeof useT>) =>
  t('plan.fill.heldDetail', {
    year: held.purchaseYear,
    percent: held.percent.toFixed(1),
    archive: km2(held.archiveKm2),
    local: km2(held.localKm2),
  })

const overlapText = (o: PlanItem['overlaps'][number], t: ReturnType<typeof useT>) =>
  t('plan.fill.overlapRow', { unit: o.unitName, item: o.itemName, area: km2(o.areaKm2) })

/** An opened row: purpose, owner unit, the purchase year's holdings and the overlapping items of other units. */
function ItemDetail({ item }: { item: PlanItem }) {
  const t = useT()
  return (
    <Descriptions size="small" column={2} styles={{ label: { width: 110 } }}>
      <Descriptions.Item label={t('plan.fill.cjlx')}>{t(`plan.cjlx.${item.cjlx}`)}</Descriptions.Item>
      <Descriptions.Item label={t('plan.fill.purpose')}>{item.purpose || '—'}</Descriptions.Item>
      <Descriptions.Item label={t('plan.fill.ownerUnit')}>{item.ownerUnit}</Descriptions.Item>
      <Descriptions.Item label={t('plan.fill.held')}>{heldText(item.held, t)}</Descriptions.Item>
      <Descriptions.Item label={t('plan.fill.overlapWith')}>
        {item.overlaps.length === 0
          ? t('plan.fill.overlapNone')
          : clausesOf(
              item.overlaps.map((o) => overlapText(o, t)),
              t,
            )}
      </Descriptions.Item>
    </Descriptions>
  )
}
