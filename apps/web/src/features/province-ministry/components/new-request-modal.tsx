import { type AttachmentInfo, canSeeRegion, PROVINCE_MINISTRY_KINDS, PROVINCE_MINISTRY_LIMITS, type ProvinceMinistryKind } from '@rs/shared'
import { Form, Input, Modal, Radio } from 'antd'
import { type ReactNode, useState } from 'react'
import { errorMessage } from '../../../lib/api-client'
import { formatBytes } from '../../../lib/format-number'
import { useT } from '../../../lib/i18n'
import { notify } from '../../../lib/notify'
import { askProvinceMinistry } from '../api/province-ministry-api'
import { AttachmentPicker } from './attachment-picker'
import { MessageBodyInput } from './message-body-input'

const LIMITS = PROVINCE_MINISTRY_LIMITS

export interface NewRequestModalProps {
  open: boolean
  onClose: () => void
  /** Told the new request's id once the server has it. */
  onCreated: (id: number) => void
  /** The user's area ranges: the region must lie inside one; the first is where the picker starts. */
  regionIds: readonly string[]
  /** A region picker limited by the route to the user's ranges. */
  regionPicker: (value: string, onChange: (code: string) => void) => ReactNode
}

/** 新建请求: kind, a region inside the user's ranges, title, body and attachments uploaded at once; the server judges it all again. */
export function NewRequestModal({ open, onClose, onCreated, regionIds, regionPicker }: NewRequestModalProps) {
  const t = useT()
  const [kind, setKind] = useState<ProvinceMinistryKind>('question')
  const [picked, setRegionId] = useState<string | undefined>()
  const regionId = picked ?? regionIds[0] ?? ''
  const [title, setTitle] = useState('')
  const [body, setBody] = useState('')
  const [attachments, setAttachments] = useState<AttachmentInfo[]>([])
  const [sending, setSending] = useState(false)

  const reset = () => {
    setTitle('')
    setBody('')
    setAttachments([])
  }

  const handleSubmit = async () => {
    if (!canSeeRegion(regionIds, regionId)) return notify.error(t('provinceMinistry.errors.regionOutOfRange'))
    if (!title.trim()) return notify.error(t('provinceMinistry.errors.titleRequired'))
    if (!body.trim()) return notify.error(t('provinceMinistry.errors.bodyRequired'))
    setSending(true)
    try {
      const thread = await askProvinceMinistry({
        kind,
        regionId,
        title: title.trim(),
        body: body.trim(),
        attachmentIds: attachments.map((a) => a.id),
      })
      notify.success(t('provinceMinistry.created'))
      reset()
      onCreated(thread.request.id)
    } catch (error) {
      notify.error(errorMessage(error))
    } finally {
      setSending(false)
    }
  }

  return (
    <Modal
      title={t('provinceMinistry.newTitle')}
      open={open}
      onCancel={onClose}
      onOk={() => void handleSubmit()}
      okText={t('provinceMinistry.submit')}
      cancelText={t('provinceMinistry.cancel')}
      confirmLoading={sending}
      okButtonProps={{ ...({ 'data-testid': 'pm-submit' } as object) }}
      width={720}
      destroyOnHidden
    >
      <Form layout="horizontal" labelCol={{ flex: '90px' }} colon={false} data-testid="pm-form">
        <Form.Item label={t('provinceMinistry.kind')} required>
          <Radio.Group
            optionType="button"
            value={kind}
            onChange={(e) => setKind(e.target.value)}
            options={PROVINCE_MINISTRY_KINDS.map((k) => ({ value: k, label: t(`provinceMinistry.kinds.${k}`) }))}
            data-testid="pm-kind"
          />
        </Form.Item>
        <Form.Item label={t('provinceMinistry.region')} required extra={t('provinceMinistry.regionHint')}>
          {regionPicker(regionId, setRegionId)}
        </Form.Item>
        <Form.Item label={t('provinceMinistry.titleLabel')} required>
          <Input
            value={title}
            maxLength={LIMITS.titleMax}
            showCount
            placeholder={t('provinceMinistry.titlePlaceholder', { max: LIMITS.titleMax })}
            onChange={(e) => setTitle(e.target.value)}
            data-testid="pm-title"
          />
        </Form.Item>
        <Form.Item label={t('provinceMinistry.body')} required>
          <MessageBodyInput
            rows={5}
            value={body}
            onChange={setBody}
            placeholder={t('provinceMinistry.bodyPlaceholder', { max: LIMITS.bodyMax })}
            testId="pm-body"
          />
        </Form.Item>
        <Form.Item
          label={t('provinceMinistry.attachments')}
          extra={t('provinceMinistry.attachmentHint', { size: formatBytes(LIMITS.attachmentMaxBytes), max: LIMITS.attachmentsPerMessage })}
        >
          <AttachmentPicker value={attachments} onChange={setAttachments} />
        </Form.Item>
      </Form>
    </Modal>
  )
}
