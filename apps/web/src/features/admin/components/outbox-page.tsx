import type { OutboxMessage } from '@rs/shared'
import { punctuationNow } from '@rs/shared'
import { Alert, Table, type TableColumnsType, Tag } from 'antd'
import { useState } from 'react'
import { errorMessage } from '../../../lib/api-client'
import { useT } from '../../../lib/i18n'
import { untranslatedCell } from '../../../lib/i18n/own-text'
import { useOutbox } from '../api/fetch-outbox'
import { formatTime } from '../utils/format-time'

const PAGE_SIZE = 20

/** /admin/outbox: the verification mail and SMS the portal kept instead of sending (no SMTP or SMS provider set). */
export function OutboxPage() {
  const t = useT()
  const [pageNum, setPageNum] = useState(1)
  const result = useOutbox(pageNum, PAGE_SIZE)
  const columns: TableColumnsType<OutboxMessage> = [
    { title: t('account.outbox.time'), dataIndex: 'at', width: 170, render: (at: string) => formatTime(at) },
    {
      title: t('account.outbox.channel'),
      dataIndex: 'channel',
      width: 80,
      render: (c: OutboxMessage['channel']) => <Tag color={c === 'email' ? 'blue' : 'green'}>{t(`account.outbox.${c}`)}</Tag>,
    },
    { title: t('account.outbox.recipient'), dataIndex: 'recipient', width: 200 },
    // the mail as it was sent, in the language it was written in: a record, not the interface
    { title: t('account.outbox.subject'), dataIndex: 'subject', width: 220, ellipsis: true, onCell: untranslatedCell },
    {
      title: t('account.outbox.body'),
      dataIndex: 'text',
      onCell: untranslatedCell,
      render: (text: string) => (
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a long mail scrolls in its box, which a keyboard reaches and scrolls (WCAG 2.1.1)
        <pre className="admin__outbox-body" tabIndex={0}>
          {text}
        </pre>
      ),
    },
  ]
  const mode = result.data?.mailMode
  return (
    <section className="admin" data-testid="admin-outbox">
      <h1 className="admin__title">{t('account.outbox.title')}</h1>
      <p className="admin__intro">{t('account.outbox.intro')}</p>
      {mode && (
        <Alert
          type="info"
          showIcon
          className="admin__outbox-mode"
          title={t('account.outbox.delivery', { mode: t(mode === 'smtp' ? 'account.outbox.modeSmtp' : 'account.outbox.modeOutbox') })}
        />
      )}
      {result.isError && (
        <Alert type="error" showIcon title={punctuationNow().label(t('account.outbox.loadFailed')) + errorMessage(result.error)} />
      )}
      <Table<OutboxMessage>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={result.data?.items ?? []}
        loading={result.isFetching}
        locale={{ emptyText: t('account.outbox.empty') }}
        scroll={{ x: 900 }}
        pagination={{
          current: pageNum,
          pageSize: PAGE_SIZE,
          total: result.data?.total ?? 0,
          showSizeChanger: false,
          showTotal: (total) => t('account.outbox.total', { total }),
          onChange: setPageNum,
        }}
      />
    </section>
  )
}
