import { UploadOutlined } from '@ant-design/icons'
import {
  APPLICABLE_MODULES,
  APPLY_KINDS,
  APPLY_LIMITS,
  type ApplyAttachment,
  type ApplyKind,
  permissionNameKey,
  WHOLE_COUNTRY_CODE,
} from '@rs/shared'
import { Button, Card, Form, Input, Radio, Select, Space, Tag, Upload } from 'antd'
import { useState } from 'react'
import { errorMessage } from '../../../lib/api-client'
import { formatBytes } from '../../../lib/format-number'
import { useT } from '../../../lib/i18n'
import { notify } from '../../../lib/notify'
import { submitApplication, uploadAttachment } from '../api/apply-api'
import type { RegionSlots } from './region-slots'

const MB = 1024 * 1024

/**
 * 新建申请: kind, module (by name), regions chosen one by one with the region picker, reason and
 * an attachment uploaded at once (the server checks it). The server judges everything again.
 */
export function ApplyForm({ regions, onSubmitted }: { regions: RegionSlots; onSubmitted: () => void }) {
  const t = useT()
  const [kind, setKind] = useState<ApplyKind>('monitor')
  const [module, setModule] = useState<string | undefined>()
  const [picked, setPicked] = useState<string>(WHOLE_COUNTRY_CODE)
  const [regionIds, setRegionIds] = useState<string[]>([])
  const [reason, setReason] = useState('')
  const [attachment, setAttachment] = useState<ApplyAttachment | null>(null)
  const [uploading, setUploading] = useState(false)
  const [submitting, setSubmitting] = useState(false)

  const addRegion = () => {
    if (regionIds.includes(picked) || regionIds.length >= APPLY_LIMITS.regionsMax) return
    setRegionIds([...regionIds, picked])
  }

  const handleFile = async (file: File) => {
    if (file.size > APPLY_LIMITS.attachmentMaxBytes) {
      notify.error(t('apply.errors.attachmentTooLarge', { size: `${APPLY_LIMITS.attachmentMaxBytes / MB} MB` }))
      return
    }
    setUploading(true)
    try {
      setAttachment(await uploadAttachment(file))
    } catch (error) {
      setAttachment(null)
      notify.error(errorMessage(error))
    } finally {
      setUploading(false)
    }
  }

  const handleSubmit = async () => {
    if (!module) return notify.error(t('apply.errors.unknownModule'))
    if (regionIds.length === 0) return notify.error(t('apply.errors.regionsRequired'))
    if (!reason.trim()) return notify.error(t('apply.errors.reasonRequired'))
    if (!attachment) return notify.error(t('apply.errors.attachmentRequired'))
    setSubmitting(true)
    try {
      await submitApplication({ kind, module, regionIds, reason: reason.trim(), attachmentId: attachment.id })
      notify.success(t('apply.submitted'))
      setModule(undefined)
      setRegionIds([])
      setReason('')
      setAttachment(null)
      onSubmitted()
    } catch (error) {
      notify.error(errorMessage(error))
    } finally {
      setSubmitting(false)
    }
  }

  return (
    <Card title={t('apply.newTitle')} className="apply__card" data-testid="apply-form">
      <Form layout="horizontal" labelCol={{ flex: '100px' }} colon={false}>
        <Form.Item label={t('apply.kind')} required>
          <Radio.Group
            value={kind}
            onChange={(e) => {
              setKind(e.target.value)
              setModule(undefined)
            }}
            options={APPLY_KINDS.map((k) => ({ value: k, label: t(`apply.kinds.${k}`) }))}
            data-testid="apply-kind"
          />
        </Form.Item>
        <Form.Item label={t('apply.module')} required>
          <Select
            style={{ maxWidth: 320 }}
            value={module}
            placeholder={t('apply.modulePlaceholder')}
            aria-label={t('apply.modulePlaceholder')}
            onChange={setModule}
            options={APPLICABLE_MODULES[kind].codes.map((code) => ({ value: code, label: t(permissionNameKey(code)) }))}
            data-testid="apply-module"
          />
        </Form.Item>
        <Form.Item label={t('apply.regions')} required extra={t('apply.regionsHint', { max: APPLY_LIMITS.regionsMax })}>
          <Space wrap align="start">
            {regions.renderPicker({ value: picked, onChange: setPicked })}
            <Button onClick={addRegion} data-testid="apply-add-region">
              {t('apply.addRegion')}
            </Button>
          </Space>
          <div className="apply__regions" data-testid="apply-regions">
            {regionIds.map((code) => (
              <Tag key={code} closable onClose={() => setRegionIds(regionIds.filter((c) => c !== code))} color="blue">
                {regions.renderName(code)}
              </Tag>
            ))}
          </div>
        </Form.Item>
        <Form.Item label={t('apply.reason')} required>
          <Input.TextArea
            rows={3}
            value={reason}
            maxLength={APPLY_LIMITS.reasonMax}
            showCount
            placeholder={t('apply.reasonPlaceholder', { max: APPLY_LIMITS.reasonMax })}
            onChange={(e) => setReason(e.target.value)}
            data-testid="apply-reason"
          />
        </Form.Item>
        <Form.Item
          label={t('apply.attachment')}
          required
          extra={t('apply.attachmentHint', { size: `${APPLY_LIMITS.attachmentMaxBytes / MB} MB` })}
        >
          <Space wrap>
            <Upload
              accept=".pdf,.png,.jpg,.jpeg,application/pdf,image/png,image/jpeg"
              showUploadList={false}
              beforeUpload={(file) => {
                void handleFile(file)
                return false
              }}
            >
              <Button icon={<UploadOutlined />} loading={uploading} data-testid="apply-attachment">
                {t('apply.attachmentChoose')}
              </Button>
            </Upload>
            {attachment && (
              <span data-testid="apply-attachment-name">
                {t('apply.attachmentUploaded', { name: attachment.fileName, size: formatBytes(attachment.bytes) })}
              </span>
            )}
          </Space>
        </Form.Item>
        <Form.Item label=" ">
          <Button type="primary" loading={submitting} onClick={() => void handleSubmit()} data-testid="apply-submit">
            {t('apply.submit')}
          </Button>
        </Form.Item>
      </Form>
    </Card>
  )
}
