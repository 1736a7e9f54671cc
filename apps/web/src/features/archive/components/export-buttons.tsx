import { DownloadOutlined } from '@ant-design/icons'
import { ARCHIVE_LIMITS, EXPORT_FORMATS, type ExportFormat, type SceneQueryBody } from '@rs/shared'
import { Button, Space, Typography } from 'antd'
import { useState } from 'react'
import { errorMessage } from '../../../lib/api-client'
import { groupDigits } from '../../../lib/format-number'
import { useT } from '../../../lib/i18n'
import { notify } from '../../../lib/notify'
import { exportScenes, saveBlob } from '../api/export-scenes'

/** Export of the checked scenes, or of every match up to ARCHIVE_LIMITS.maxExport: CSV, Excel, GeoJSON, zipped Shapefile. */
export function ExportButtons({ query, checkedIds }: { query: SceneQueryBody; checkedIds: readonly string[] }) {
  const t = useT()
  const [busy, setBusy] = useState<ExportFormat | null>(null)

  const run = async (format: ExportFormat) => {
    setBusy(format)
    try {
      const { blob, fileName } = await exportScenes(query, checkedIds, format)
      saveBlob(blob, fileName)
      notify.success(t('archivePage.export.done', { name: fileName }))
    } catch (error) {
      notify.error(errorMessage(error))
    } finally {
      setBusy(null)
    }
  }

  return (
    <div data-testid="export-buttons">
      <Space wrap size={6}>
        <span>{t('archivePage.export.title')}</span>
        {EXPORT_FORMATS.map((format) => (
          <Button
            key={format}
            size="small"
            icon={<DownloadOutlined />}
            loading={busy === format}
            disabled={busy !== null && busy !== format}
            onClick={() => void run(format)}
            data-testid={`export-${format}`}
          >
            {t(`archivePage.export.${format}`)}
          </Button>
        ))}
      </Space>
      <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12, marginTop: 4 }} data-testid="export-scope">
        {checkedIds.length > 0
          ? t('archivePage.export.scopeChecked', { count: checkedIds.length })
          : t('archivePage.export.scopeAll', { max: groupDigits(ARCHIVE_LIMITS.maxExport) })}
      </Typography.Text>
    </div>
  )
}
