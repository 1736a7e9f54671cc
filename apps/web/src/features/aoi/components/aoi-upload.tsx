import { UploadOutlined } from '@ant-design/icons'
import { AOI_FILE_TYPES, type AoiUpload as AoiUploadAnswer } from '@rs/shared'
import { Alert, Button, Upload } from 'antd'
import { useState } from 'react'
import { errorMessage } from '../../../lib/api-client'
import { groupDigits } from '../../../lib/format-number'
import { useT } from '../../../lib/i18n'
import { AOI_MAX_MB, uploadAoi } from '../api/upload-aoi'

export interface AoiUploadProps {
  onUploaded: (answer: AoiUploadAnswer) => void
  /** The last stored upload, to describe it. */
  current?: Pick<AoiUploadAnswer, 'name' | 'featureCount' | 'vertexCount' | 'areaKm2' | 'notices'> | null
}

/** Upload of a zipped shapefile, GeoJSON or KML as the query area; shows the server's Chinese message on refusal. */
export function AoiUpload({ onUploaded, current }: AoiUploadProps) {
  const t = useT()
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string>()

  const send = async (file: File) => {
    setBusy(true)
    setError(undefined)
    try {
      onUploaded(await uploadAoi(file))
    } catch (e) {
      setError(errorMessage(e))
    } finally {
      setBusy(false)
    }
  }

  return (
    <div className="aoi-upload" data-testid="aoi-upload">
      <p style={{ color: '#6b7280', fontSize: 12, margin: '0 0 8px' }}>{t('aoi.hint', { size: `${AOI_MAX_MB} MB` })}</p>
      <Upload
        accept={AOI_FILE_TYPES.join(',')}
        maxCount={1}
        showUploadList={false}
        beforeUpload={(file) => {
          void send(file)
          return false
        }}
      >
        <Button icon={<UploadOutlined />} loading={busy} data-testid="aoi-choose">
          {busy ? t('aoi.uploading') : t('aoi.choose')}
        </Button>
      </Upload>
      {error && <Alert style={{ marginTop: 8 }} type="error" showIcon title={error} data-testid="aoi-error" />}
      {current && !error && (
        <Alert
          style={{ marginTop: 8 }}
          type="success"
          showIcon
          data-testid="aoi-success"
          title={t('aoi.uploaded', {
            name: current.name,
            features: current.featureCount,
            vertices: current.vertexCount,
            area: groupDigits(current.areaKm2, { max: 2 }),
          })}
          description={current.notices.length > 0 ? current.notices.join(' ') : undefined}
        />
      )}
    </div>
  )
}
