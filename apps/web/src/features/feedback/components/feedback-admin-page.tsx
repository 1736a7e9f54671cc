import type { FeedbackEntry } from '@rs/shared'
import { useQueryClient } from '@tanstack/react-query'
import { Alert, Button, Input, Modal, Select, Space, Table, type TableColumnsType, Tag } from 'antd'
import { useState } from 'react'
import { errorMessage } from '../../../lib/api-client'
import { useT } from '../../../lib/i18n'
import { notify } from '../../../lib/notify'
import { formatBeijing } from '../../../lib/time'
import { FEEDBACK_KEY, type FeedbackFilterState, markFeedbackHandled, useFeedbackList } from '../api/feedback-api'

/** /admin/feedback (MOD_001): feedback newest first, open ones by default; each can be marked handled with a note. */
export function FeedbackAdminPage() {
  const t = useT()
  const queryClient = useQueryClient()
  const [filter, setFilter] = useState<FeedbackFilterState>({ handled: 'false', pageNum: 1, pageSize: 20 })
  const [handling, setHandling] = useState<number | null>(null)
  const [note, setNote] = useState('')
  const list = useFeedbackList(filter)

  const handleMark = async (id: number) => {
    try {
      await markFeedbackHandled(id, note.trim() || undefined)
      notify.success(t('feedback.marked'))
    } catch (error) {
      notify.error(errorMessage(error))
    }
    setHandling(null)
    setNote('')
    await queryClient.invalidateQueries({ queryKey: FEEDBACK_KEY })
  }

  const columns: TableColumnsType<FeedbackEntry> = [
    { key: 'time', title: t('feedback.columns.time'), dataIndex: 'createdAt', width: 160, render: (v: string) => formatBeijing(v) },
    { key: 'type', title: t('feedback.columns.type'), width: 100, render: (_, f) => t(`feedback.types.${f.type}`) },
    {
      key: 'content',
      title: t('feedback.columns.content'),
      render: (_, f) => <span className="feedback__content">{f.content}</span>,
    },
    { key: 'contact', title: t('feedback.columns.contact'), dataIndex: 'contact', width: 170 },
    {
      key: 'sender',
      title: t('feedback.columns.sender'),
      width: 110,
      render: (_, f) => f.username ?? <span className="admin__muted">{t('feedback.visitor')}</span>,
    },
    {
      key: 'state',
      title: t('feedback.columns.state'),
      width: 190,
      render: (_, f) =>
        f.handled ? (
          <span>
            <Tag color="success">{t('feedback.handled')}</Tag>
            <br />
            <span className="admin__muted">
              {t('feedback.handledBy', { name: f.handledBy ?? '', time: f.handledAt ? formatBeijing(f.handledAt) : '' })}
            </span>
            {f.handleNote ? <div>{f.handleNote}</div> : null}
          </span>
        ) : (
          <Tag color="gold">{t('feedback.unhandled')}</Tag>
        ),
    },
    {
      key: 'actions',
      title: t('feedback.columns.actions'),
      width: 110,
      render: (_, f) =>
        f.handled ? null : (
          <Button size="small" onClick={() => setHandling(f.id)} data-testid="feedback-handle">
            {t('feedback.markHandled')}
          </Button>
        ),
    },
  ]

  return (
    <section className="admin" data-testid="admin-feedback">
      <h1 className="admin__title">{t('feedback.adminTitle')}</h1>
      <p className="admin__intro">{t('feedback.adminIntro')}</p>
      <Space style={{ marginBottom: 12 }}>
        <Select<'all' | 'true' | 'false'>
          style={{ width: 140 }}
          value={filter.handled ?? 'all'}
          onChange={(v) => setFilter((f) => ({ ...f, handled: v === 'all' ? undefined : v, pageNum: 1 }))}
          options={[
            { value: 'false', label: t('feedback.unhandled') },
            { value: 'true', label: t('feedback.handled') },
            { value: 'all', label: t('feedback.allStates') },
          ]}
          aria-label={t('order.list.status')}
          data-testid="feedback-filter"
        />
      </Space>
      {list.isError ? <Alert type="error" showIcon title={t('feedback.loadFailed')} description={errorMessage(list.error)} /> : null}
      <Table<FeedbackEntry>
        rowKey="id"
        size="middle"
        loading={list.isLoading}
        columns={columns}
        dataSource={list.data?.list ?? []}
        scroll={{ x: 1000 }}
        pagination={{
          current: filter.pageNum,
          pageSize: filter.pageSize,
          total: list.data?.total ?? 0,
          showTotal: (total) => t('feedback.total', { total }),
          onChange: (pageNum, pageSize) => setFilter((f) => ({ ...f, pageNum, pageSize })),
        }}
      />
      <Modal
        title={t('feedback.markHandled')}
        open={handling !== null}
        onCancel={() => setHandling(null)}
        okButtonProps={{ ...({ 'data-testid': 'feedback-handle-ok' } as object) }}
        onOk={() => void handleMark(handling as number)}
      >
        <Input.TextArea
          rows={3}
          value={note}
          maxLength={500}
          placeholder={t('feedback.handleNote')}
          onChange={(e) => setNote(e.target.value)}
        />
      </Modal>
    </section>
  )
}
