import { type AttachmentInfo, PROVINCE_MINISTRY_LIMITS, type ProvinceMinistryMessage, type ProvinceMinistryRequest } from '@rs/shared'
import { useQueryClient } from '@tanstack/react-query'
import { Alert, Button, Descriptions, Drawer, Popconfirm, Skeleton, Space, Tag, Typography } from 'antd'
import { useState } from 'react'
import { errorMessage } from '../../../lib/api-client'
import { useT } from '../../../lib/i18n'
import { notify } from '../../../lib/notify'
import { formatBeijing } from '../../../lib/time'
import {
  closeProvinceMinistry,
  PROVINCE_MINISTRY_KEY,
  replyProvinceMinistry,
  useProvinceMinistryThread,
} from '../api/province-ministry-api'
import { AttachmentLinks } from './attachment-links'
import { AttachmentPicker } from './attachment-picker'
import { MessageBodyInput } from './message-body-input'
import { RequestStateTag } from './request-state-tag'

/** One message of the thread: who wrote it (side, unit, name), when in Beijing time, the text and its attachments. */
function Message({ message }: { message: ProvinceMinistryMessage }) {
  const t = useT()
  return (
    <article className={`pm-message pm-message--${message.authorRole}`} data-testid="pm-message">
      <header className="pm-message__head">
        <Space size={6} wrap>
          <Tag color={message.authorRole === 'ministry' ? 'green' : 'blue'}>{t(`provinceMinistry.role.${message.authorRole}`)}</Tag>
          <strong>{t('provinceMinistry.askedBy', { unit: message.authorUnit || message.author, name: message.authorName })}</strong>
          <span className="pm-muted">{t(`provinceMinistry.messageKind.${message.kind}`)}</span>
        </Space>
        <time className="pm-muted" dateTime={message.createdAt}>
          {formatBeijing(message.createdAt)}
        </time>
      </header>
      <div className="pm-message__body">{message.body}</div>
      <AttachmentLinks files={message.attachments} />
    </article>
  )
}

/** The request's facts above its thread. */
function RequestFacts({ request }: { request: ProvinceMinistryRequest }) {
  const t = useT()
  return (
    <Descriptions
      size="small"
      column={2}
      className="pm-facts"
      items={[
        { key: 'kind', label: t('provinceMinistry.columns.kind'), children: t(`provinceMinistry.kinds.${request.kind}`) },
        { key: 'state', label: t('provinceMinistry.columns.state'), children: <RequestStateTag state={request.state} /> },
        { key: 'region', label: t('provinceMinistry.columns.region'), children: request.regionName },
        {
          key: 'asker',
          label: t('provinceMinistry.columns.asker'),
          children: t('provinceMinistry.askedBy', { unit: request.askerUnit || request.asker, name: request.askerName }),
        },
        { key: 'created', label: t('provinceMinistry.createdAt'), children: formatBeijing(request.createdAt) },
        { key: 'updated', label: t('provinceMinistry.columns.updatedAt'), children: formatBeijing(request.updatedAt) },
      ]}
    />
  )
}

/**
 * A request's thread in a drawer: the messages oldest first, a reply box when the caller may answer
 * (the ministry) or follow up (the province), and 关闭 when allowed — the buttons are the actions the
 * server computed from the shared state machine for the caller's side; it decides again on each.
 */
export function ThreadDrawer({ id, onClose }: { id: number | null; onClose: () => void }) {
  const t = useT()
  const queryClient = useQueryClient()
  const thread = useProvinceMinistryThread(id)
  const [body, setBody] = useState('')
  const [attachments, setAttachments] = useState<AttachmentInfo[]>([])
  const [busy, setBusy] = useState(false)
  const data = thread.data
  const replyEvent = data?.actions.find((a) => a === 'answer' || a === 'followUp')

  const act = async (work: () => Promise<unknown>, done: string) => {
    setBusy(true)
    try {
      await work()
      notify.success(done)
      setBody('')
      setAttachments([])
    } catch (error) {
      notify.error(errorMessage(error))
    } finally {
      setBusy(false)
      await queryClient.invalidateQueries({ queryKey: PROVINCE_MINISTRY_KEY })
    }
  }

  const handleSend = () => {
    if (!data || !replyEvent) return
    if (!body.trim()) return notify.error(t('provinceMinistry.errors.bodyRequired'))
    void act(
      () => replyProvinceMinistry({ id: data.request.id, body: body.trim(), attachmentIds: attachments.map((a) => a.id) }),
      t(replyEvent === 'answer' ? 'provinceMinistry.answered' : 'provinceMinistry.followedUp'),
    )
  }

  return (
    <Drawer
      open={id !== null}
      onClose={onClose}
      size={760}
      destroyOnHidden
      title={data ? t('provinceMinistry.threadTitle', { id: data.request.id, title: data.request.title }) : ''}
      data-testid="pm-thread"
      extra={
        data?.actions.includes('close') ? (
          <Popconfirm
            title={t('provinceMinistry.closeConfirm')}
            onConfirm={() => act(() => closeProvinceMinistry(data.request.id), t('provinceMinistry.closed'))}
          >
            <Button danger loading={busy} data-testid="pm-close">
              {t('provinceMinistry.closeRequest')}
            </Button>
          </Popconfirm>
        ) : null
      }
    >
      {thread.isLoading && <Skeleton active />}
      {thread.error != null && <Alert type="error" showIcon title={errorMessage(thread.error)} />}
      {data && (
        <div className="pm-thread">
          <RequestFacts request={data.request} />
          <div className="pm-thread__messages">
            {data.messages.map((m) => (
              <Message key={m.id} message={m} />
            ))}
          </div>
          {data.request.state === 'closed' ? (
            <Alert
              type="info"
              showIcon
              data-testid="pm-closed-note"
              title={t('provinceMinistry.closedNote')}
              description={
                data.request.closedAt
                  ? t('provinceMinistry.closedBy', { name: data.request.closedBy ?? '', time: formatBeijing(data.request.closedAt) })
                  : undefined
              }
            />
          ) : replyEvent ? (
            <section className="pm-reply" data-testid="pm-reply">
              <Typography.Text strong>
                {t(replyEvent === 'answer' ? 'provinceMinistry.replyAnswer' : 'provinceMinistry.replyFollowUp')}
              </Typography.Text>
              <MessageBodyInput
                rows={4}
                value={body}
                onChange={setBody}
                placeholder={t('provinceMinistry.replyPlaceholder', { max: PROVINCE_MINISTRY_LIMITS.bodyMax })}
                testId="pm-reply-body"
              />
              <div className="pm-reply__bar">
                <AttachmentPicker value={attachments} onChange={setAttachments} />
                <Button type="primary" loading={busy} onClick={handleSend} data-testid="pm-send">
                  {t(replyEvent === 'answer' ? 'provinceMinistry.sendAnswer' : 'provinceMinistry.sendFollowUp')}
                </Button>
              </div>
            </section>
          ) : (
            <Alert
              type={data.role === 'province' ? 'warning' : 'success'}
              showIcon
              title={t(data.role === 'province' ? 'provinceMinistry.waiting' : 'provinceMinistry.answeredWaiting')}
              data-testid="pm-waiting"
            />
          )}
        </div>
      )}
    </Drawer>
  )
}
