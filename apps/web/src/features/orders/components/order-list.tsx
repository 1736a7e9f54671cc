import { ORDER_STATES, type OrderState, type OrderSummary } from '@rs/shared'
import { useQueryClient } from '@tanstack/react-query'
import { Alert, Button, Card, DatePicker, Input, Modal, Popconfirm, Progress, Select, Space, Table, type TableColumnsType } from 'antd'
import { useState } from 'react'
import { errorMessage } from '../../../lib/api-client'
import { useT } from '../../../lib/i18n'
import { notify } from '../../../lib/notify'
import { formatBeijing } from '../../../lib/time'
import { cancelOrder, type OrderFilterState, retryOrder, reviewOrder, useOrders } from '../api/orders-api'
import { OrderDetailDrawer } from './order-detail'
import { OrderStatusTag } from './order-status'

/**
 * 我的订单 (mode mine: cancel before review) or 订单审核 (mode review: approve, or reject with a
 * reason; not on the reviewer's own orders, which the server refuses too), filtered by status and
 * submission day; a row opens the order's detail.
 */
export function OrderList({ mode, currentUser }: { mode: 'mine' | 'review' /** The signed-in user name. */; currentUser?: string }) {
  const t = useT()
  const queryClient = useQueryClient()
  const [filter, setFilter] = useState<OrderFilterState>({ pageNum: 1, pageSize: 10 })
  const [openId, setOpenId] = useState<number | null>(null)
  const [rejecting, setRejecting] = useState<number | null>(null)
  const [reason, setReason] = useState('')
  const orders = useOrders(filter, mode === 'review')
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['orders'] })

  const act = async (work: () => Promise<unknown>, done: string) => {
    try {
      await work()
      notify.success(done)
      await refresh()
    } catch (error) {
      notify.error(errorMessage(error))
    }
  }

  const columns: TableColumnsType<OrderSummary> = [
    { key: 'id', title: t('order.columns.orderId'), dataIndex: 'id', width: 80 },
    ...(mode === 'review' ? [{ key: 'owner', title: t('order.columns.owner'), dataIndex: 'owner', width: 110 }] : []),
    { key: 'project', title: t('order.columns.project'), dataIndex: 'project', ellipsis: true },
    { key: 'scenes', title: t('order.columns.scenes'), dataIndex: 'sceneCount', width: 70 },
    {
      key: 'status',
      title: t('order.columns.status'),
      width: 150,
      render: (_, o) =>
        o.status === 'producing' ? (
          <Space size={4}>
            <OrderStatusTag status={o.status} />
            <Progress percent={o.progress} size="small" style={{ width: 60 }} />
          </Space>
        ) : (
          <OrderStatusTag status={o.status} />
        ),
    },
    { key: 'createdAt', title: t('order.columns.createdAt'), dataIndex: 'createdAt', width: 170, render: (v: string) => formatBeijing(v) },
    {
      key: 'actions',
      title: t('order.columns.actions'),
      width: 190,
      render: (_, o) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => setOpenId(o.id)} data-testid="order-open">
            {t('order.list.detail')}
          </Button>
          {mode === 'mine' && o.status === 'pending' && (
            <Popconfirm title={t('order.list.cancelConfirm')} onConfirm={() => act(() => cancelOrder(o.id), t('order.list.cancelled'))}>
              <Button type="link" size="small" danger data-testid="order-cancel">
                {t('order.list.cancel')}
              </Button>
            </Popconfirm>
          )}
          {mode === 'review' && o.status === 'failed' && (
            <Button
              type="link"
              size="small"
              data-testid="order-retry"
              onClick={() => void act(() => retryOrder(o.id), t('order.review.retried'))}
            >
              {t('order.review.retry')}
            </Button>
          )}
          {mode === 'review' && o.status === 'pending' && (
            <>
              <Button
                type="link"
                size="small"
                data-testid="order-approve"
                disabled={o.owner === currentUser}
                title={o.owner === currentUser ? t('order.errors.selfReview') : undefined}
                onClick={() => void act(() => reviewOrder(o.id, 'approve'), t('order.review.approved'))}
              >
                {t('order.review.approve')}
              </Button>
              <Button
                type="link"
                size="small"
                danger
                data-testid="order-reject"
                disabled={o.owner === currentUser}
                title={o.owner === currentUser ? t('order.errors.selfReview') : undefined}
                onClick={() => setRejecting(o.id)}
              >
                {t('order.review.reject')}
              </Button>
            </>
          )}
        </Space>
      ),
    },
  ]

  return (
    <Card title={t(mode === 'review' ? 'order.list.reviewTitle' : 'order.list.title')} data-testid={`order-list-${mode}`}>
      <Space wrap style={{ marginBottom: 12 }}>
        <Select<OrderState | 'all'>
          style={{ width: 150 }}
          value={filter.status ?? 'all'}
          aria-label={t('order.list.status')}
          data-testid="order-filter-status"
          onChange={(v) => setFilter((f) => ({ ...f, status: v === 'all' ? undefined : v, pageNum: 1 }))}
          options={[
            { value: 'all', label: t('order.list.allStatus') },
            ...ORDER_STATES.map((s) => ({ value: s, label: t(`order.state.${s}`) })),
          ]}
        />
        <DatePicker.RangePicker
          placeholder={[t('order.list.dates'), t('order.list.dates')]}
          aria-label={t('order.list.dates')}
          onChange={(range) =>
            setFilter((f) => ({
              ...f,
              from: range?.[0]?.format('YYYY-MM-DD'),
              to: range?.[1]?.format('YYYY-MM-DD'),
              pageNum: 1,
            }))
          }
        />
      </Space>
      {orders.error != null && <Alert type="error" showIcon title={errorMessage(orders.error)} style={{ marginBottom: 8 }} />}
      <Table<OrderSummary>
        size="small"
        rowKey="id"
        loading={orders.isLoading}
        columns={columns}
        dataSource={orders.data?.list ?? []}
        locale={{ emptyText: t('order.list.empty') }}
        data-testid="order-table"
        pagination={{
          current: filter.pageNum,
          pageSize: filter.pageSize,
          total: orders.data?.total ?? 0,
          showTotal: (total) => t('order.list.total', { total }),
          onChange: (pageNum, pageSize) => setFilter((f) => ({ ...f, pageNum, pageSize })),
        }}
      />
      <OrderDetailDrawer id={openId} onClose={() => setOpenId(null)} />
      <Modal
        title={t('order.review.reject')}
        open={rejecting !== null}
        onCancel={() => setRejecting(null)}
        okButtonProps={{ danger: true, disabled: reason.trim() === '', ...({ 'data-testid': 'reject-ok' } as object) }}
        onOk={() => {
          const id = rejecting as number
          setRejecting(null)
          void act(() => reviewOrder(id, 'reject', reason.trim()), t('order.review.rejected'))
          setReason('')
        }}
      >
        <Input.TextArea
          rows={3}
          value={reason}
          placeholder={t('order.review.reasonRequired')}
          onChange={(e) => setReason(e.target.value)}
          data-testid="reject-reason"
        />
      </Modal>
    </Card>
  )
}
