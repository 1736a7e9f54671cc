import { PaperClipOutlined } from '@ant-design/icons'
import type { AttachmentInfo } from '@rs/shared'
import { Button, Space } from 'antd'
import { errorMessage } from '../../../lib/api-client'
import { formatBytes } from '../../../lib/format-number'
import { useT } from '../../../lib/i18n'
import { notify } from '../../../lib/notify'
import { downloadProvinceMinistryAttachment } from '../api/province-ministry-api'

/** A message's attachments as download links (fetched with the session token, saved under their names). */
export function AttachmentLinks({ files }: { files: readonly AttachmentInfo[] }) {
  const t = useT()
  if (files.length === 0) return null
  return (
    <Space size={[12, 0]} wrap className="pm-message__files">
      {files.map((file) => (
        <Button
          key={file.id}
          type="link"
          size="small"
          icon={<PaperClipOutlined />}
          title={t('provinceMinistry.download')}
          data-testid="pm-download"
          onClick={() =>
            void downloadProvinceMinistryAttachment(file.id, file.fileName).catch((error) => notify.error(errorMessage(error)))
          }
        >
          {file.fileName}
          <span className="pm-muted">{t('provinceMinistry.fileSize', { size: formatBytes(file.bytes) })}</span>
        </Button>
      ))}
    </Space>
  )
}
