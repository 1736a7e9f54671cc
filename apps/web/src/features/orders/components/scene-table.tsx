import type { OrderScene } from '@rs/shared'
import { Table, type TableColumnsType, Tag } from 'antd'
import type { TableRowSelection } from 'antd/es/table/interface'
import { useT } from '../../../lib/i18n'
import { formatBeijing } from '../../../lib/time'
import { quicklookSrc } from '../api/orders-api'

/** Scenes of the cart or an order: quicklook, id, satellite, sensor, Beijing time, cloud; gone scenes marked. */
export function SceneTable({
  scenes,
  rowSelection,
  actions,
  pageSize = 10,
  testId,
}: {
  scenes: readonly OrderScene[]
  rowSelection?: TableRowSelection<OrderScene>
  actions?: (scene: OrderScene) => React.ReactNode
  pageSize?: number
  testId: string
}) {
  const t = useT()
  const columns: TableColumnsType<OrderScene> = [
    {
      key: 'quicklook',
      title: t('order.columns.quicklook'),
      width: 72,
      render: (_, s) =>
        s.available && s.illustrative ? (
          <img src={quicklookSrc(s.id)} alt={s.id} width={48} height={48} style={{ objectFit: 'contain', background: '#f5f5f5' }} />
        ) : (
          <div style={{ width: 48, height: 48, background: '#f5f5f5' }} />
        ),
    },
    {
      key: 'id',
      title: t('order.columns.id'),
      dataIndex: 'id',
      render: (id: string, s) => (
        <span>
          {id} {!s.available && <Tag color="red">{t('order.cart.missing')}</Tag>}
        </span>
      ),
    },
    { key: 'satellite', title: t('order.columns.satellite'), dataIndex: 'satellite', width: 90 },
    { key: 'sensor', title: t('order.columns.sensor'), dataIndex: 'sensor', width: 90 },
    {
      key: 'acquiredAt',
      title: t('order.columns.acquiredAt'),
      dataIndex: 'acquiredAt',
      width: 180,
      render: (v: string | null) => (v ? formatBeijing(v) : '—'),
    },
    {
      key: 'cloud',
      title: t('order.columns.cloud'),
      dataIndex: 'cloudPercent',
      width: 80,
      render: (v: number | null) => (v === null ? '—' : `${v.toFixed(1)}%`),
    },
    ...(actions
      ? [{ key: 'actions', title: t('order.columns.actions'), width: 90, render: (_: unknown, s: OrderScene) => actions(s) }]
      : []),
  ]
  return (
    <Table<OrderScene>
      size="small"
      rowKey="id"
      columns={columns}
      dataSource={[...scenes]}
      rowSelection={rowSelection}
      pagination={{ pageSize, showSizeChanger: false, hideOnSinglePage: true }}
      data-testid={testId}
    />
  )
}
