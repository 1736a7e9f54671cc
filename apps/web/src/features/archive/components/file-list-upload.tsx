import { UploadOutlined } from '@ant-design/icons'
import { ARCHIVE_LIMITS, UPLOAD_TYPE, type UploadReport, type UploadType } from '@rs/shared'
import { Alert, Button, Radio, Table, Upload } from 'antd'
import { useState } from 'react'
import { errorMessage } from '../../../lib/api-client'
import { useT } from '../../../lib/i18n'
import { LIST_MAX_MB, uploadList } from '../api/upload-list'

/** The FILE mode's stored list: its upload id, and its match report when this page uploaded it. */
export interface FileListValue {
  uploadId: string
  report: UploadReport | null
}

/**
 * FILE mode (SPEC §4 upload types FLIE_NAMES=1, OPR=2, PR=3): a text or Excel list of file names,
 * orbit-path-row or path-row lines, sent to the server, which answers the match report shown here.
 */
export function FileListUpload({ value, onUploaded }: { value: FileListValue | null; onUploaded: (value: FileListValue) => void }) {
  const t = useT()
  const [uploadType, setUploadType] = useState<UploadType>((value?.report?.uploadType as UploadType | undefined) ?? UPLOAD_TYPE.FLIE_NAMES)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string>()
  const report = value?.report ?? null

  const send = async (file: File) => {
    setBusy(true)
    setError(undefined)
    try {
      const answer = await uploadList(file, uploadType)
      onUploaded({ uploadId: answer.uploadId, report: answer })
    } catch (e) {
      setError(errorMessage(e))
    } finally {
      setBusy(false)
    }
  }

  return (
    <div data-testid="file-list-upload">
      <div style={{ marginBottom: 8 }}>
        <span style={{ marginRight: 8 }}>{t('archivePage.file.uploadType')}</span>
        <Radio.Group
          value={uploadType}
          onChange={(e) => setUploadType(e.target.value as UploadType)}
          data-testid="file-upload-type"
          options={Object.values(UPLOAD_TYPE).map((type) => ({ value: type, label: t(`archive.uploadType.${type}`) }))}
        />
      </div>
      <p style={{ color: '#6b7280', fontSize: 12, margin: '0 0 8px' }}>
        {t('archivePage.file.hint', { lines: ARCHIVE_LIMITS.maxListLines, size: `${LIST_MAX_MB} MB` })}
      </p>
      <Upload
        accept=".txt,.csv,.xlsx"
        maxCount={1}
        showUploadList={false}
        beforeUpload={(file) => {
          void send(file)
          return false
        }}
      >
        <Button icon={<UploadOutlined />} loading={busy} data-testid="file-choose">
          {busy ? t('archivePage.file.uploading') : t('archivePage.file.choose')}
        </Button>
      </Upload>
      {error && <Alert style={{ marginTop: 8 }} type="error" showIcon title={error} data-testid="file-error" />}
      {!error && value && !report && (
        <Alert style={{ marginTop: 8 }} type="info" showIcon title={t('archivePage.file.restored', { id: value.uploadId.slice(0, 8) })} />
      )}
      {!error && report && (
        <div data-testid="file-report" style={{ marginTop: 8 }}>
          <Alert
            type={report.matchedCount > 0 ? 'success' : 'warning'}
            showIcon
            title={t('archivePage.file.report', {
              name: report.fileName,
              lines: report.lineCount,
              matched: report.matchedCount,
              unmatched: report.unmatched.length,
            })}
            description={report.notices.length > 0 ? report.notices.join(' ') : undefined}
          />
          {report.unmatched.length > 0 && (
            <Table
              style={{ marginTop: 8 }}
              size="small"
              data-testid="file-unmatched"
              rowKey="line"
              title={() => t('archivePage.file.unmatchedTitle')}
              pagination={{ pageSize: 5, size: 'small', hideOnSinglePage: true }}
              dataSource={report.unmatched}
              columns={[
                { title: t('archivePage.file.line'), dataIndex: 'line', width: 60 },
                { title: t('archivePage.file.text'), dataIndex: 'text', ellipsis: true },
                {
                  title: t('archivePage.file.reason'),
                  dataIndex: 'reason',
                  width: 110,
                  render: (reason: 'unknown' | 'badFormat' | 'duplicate') => t(`archivePage.file.reasons.${reason}`),
                },
              ]}
            />
          )}
        </div>
      )}
    </div>
  )
}
