import { PaperClipOutlined, UploadOutlined } from '@ant-design/icons'
import { ATTACHMENT_ACCEPT, type AttachmentInfo, PROVINCE_MINISTRY_LIMITS } from '@rs/shared'
import { Button, Space, Tag, Upload } from 'antd'
import { useState } from 'react'
import { errorMessage } from '../../../lib/api-client'
import { formatBytes } from '../../../lib/format-number'
import { useT } from '../../../lib/i18n'
import { notify } from '../../../lib/notify'
import { uploadProvinceMinistryAttachment } from '../api/province-ministry-api'

const LIMITS = PROVINCE_MINISTRY_LIMITS

/**
 * A message's attachments: each file is uploaded (and judged by the server) as soon as it is
 * chosen, up to five; the message then names them by id. A refused file shows the server's words.
 */
export function AttachmentPicker({ value, onChange }: { value: AttachmentInfo[]; onChange: (files: AttachmentInfo[]) => void }) {
  const t = useT()
  const [uploading, setUploading] = useState(0)
  const full = value.length + uploading >= LIMITS.attachmentsPerMessage

  const handleFile = async (file: File) => {
    if (file.size > LIMITS.attachmentMaxBytes) {
      notify.error(t('provinceMinistry.errors.attachmentTooLarge', { size: formatBytes(LIMITS.attachmentMaxBytes) }))
      return
    }
    setUploading((n) => n + 1)
    try {
      const uploaded = await uploadProvinceMinistryAttachment(file)
      onChange([...value, uploaded].slice(0, LIMITS.attachmentsPerMessage))
    } catch (error) {
      notify.error(errorMessage(error))
    } finally {
      setUploading((n) => n - 1)
    }
  }

  return (
    <div className="pm-attachments" data-testid="pm-attachments">
      <Upload
        accept={ATTACHMENT_ACCEPT}
        showUploadList={false}
        disabled={full}
        beforeUpload={(file) => {
          void handleFile(file)
          return false
        }}
      >
        <Button icon={<UploadOutlined />} loading={uploading > 0} disabled={full} data-testid="pm-attachment-choose">
          {t('provinceMinistry.attachmentChoose')}
        </Button>
      </Upload>
      {value.length > 0 && (
        <Space size={[4, 4]} wrap className="pm-attachments__list">
          {value.map((file) => (
            <Tag
              key={file.id}
              icon={<PaperClipOutlined />}
              closable
              onClose={() => onChange(value.filter((f) => f.id !== file.id))}
              data-testid="pm-attachment-name"
            >
              {file.fileName}
              {t('provinceMinistry.fileSize', { size: formatBytes(file.bytes) })}
            </Tag>
          ))}
        </Space>
      )}
    </div>
  )
}
