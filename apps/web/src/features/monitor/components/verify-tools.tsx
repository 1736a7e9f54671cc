import { UploadOutlined } from '@ant-design/icons'
import {
  defaultImportMapping,
  type MonitorBatch,
  type MonitorImportReport,
  type MonitorModuleDecl,
  type MonitorModuleKey,
  type MonitorUser,
  PERMISSION,
  punctuationNow,
  type VerificationProgressRow,
} from '@rs/shared'
import { Alert, Button, Form, Input, Modal, Select, Space, Table, Typography, Upload, type UploadFile } from 'antd'
import { useState } from 'react'
import { ApiError, errorMessage } from '../../../lib/api-client'
import { useT } from '../../../lib/i18n'
import { useImportDelivery, useVerificationProgress } from '../api/verification'

type ProgressRow = Omit<VerificationProgressRow, 'code' | 'name'> & { code: string; name: string }

/** 核查进度: per province, spots to check in a batch and how far their checks are (inside the caller's area ranges). */
function ProgressDialog({
  module,
  batches,
  onClose,
}: {
  module: MonitorModuleDecl
  batches: readonly MonitorBatch[]
  onClose: () => void
}) {
  const t = useT()
  const [batch, setBatch] = useState<string>()
  const progress = useVerificationProgress(module.key as MonitorModuleKey, batch, true)
  const data = progress.data
  const rows: ProgressRow[] = data ? [...data.rows, { code: 'total', name: t('monitorVerify.progress.total'), ...data.total }] : []
  const number = (key: keyof Omit<ProgressRow, 'code' | 'name'>) => ({
    title: t(`monitorVerify.progress.${key}`),
    dataIndex: key,
    align: 'right' as const,
    width: 80,
  })
  return (
    <Modal open title={t('monitorVerify.progress.title')} onCancel={onClose} footer={null} width={720} destroyOnHidden>
      <Space style={{ marginBottom: 8 }}>
        <Select
          style={{ width: 160 }}
          value={batch ?? data?.batch ?? undefined}
          onChange={setBatch}
          options={batches.map((b) => ({ value: b.batch, label: t('monitorVerify.progress.batch', { batch: b.batch }) }))}
          aria-label={t('monitor.screen.batch')}
          data-testid="progress-batch"
        />
      </Space>
      {progress.error && <Alert type="error" showIcon title={errorMessage(progress.error)} />}
      <Table<ProgressRow>
        size="small"
        rowKey="code"
        loading={progress.isFetching}
        pagination={false}
        dataSource={rows}
        locale={{ emptyText: t('monitorVerify.progress.empty') }}
        data-testid="progress-table"
        rowClassName={(r) => (r.code === 'total' ? 'ant-table-row-selected' : '')}
        columns={[
          { title: t('monitorVerify.progress.province'), dataIndex: 'name' },
          number('toCheck'),
          number('unchecked'),
          number('recorded'),
          number('accepted'),
          number('returned'),
        ]}
      />
    </Modal>
  )
}

/**
 * 导入成果: an administrator's delivery as a new batch, the mapping prefilled from the module's
 * declaration, the report. 仅检查 sends the same form as a dry run: the same report, nothing stored.
 */
function ImportDialog({ module, onClose }: { module: MonitorModuleDecl; onClose: () => void }) {
  const t = useT()
  const importer = useImportDelivery(module.key as MonitorModuleKey)
  const defaults = defaultImportMapping(module.attributes.map((a) => a.key))
  const [form] = Form.useForm()
  const [files, setFiles] = useState<UploadFile[]>([])
  const [done, setDone] = useState<MonitorImportReport>()
  const [checking, setChecking] = useState(false)
  const failed = importer.error instanceof ApiError ? (importer.error.data as MonitorImportReport | null) : null
  const submit = async (dryRun: boolean) => {
    const values = await form.validateFields()
    const file = files[0]?.originFileObj as File | undefined
    if (!file) return
    const mapping = {
      siteId: values.siteId,
      spotType: values.spotType,
      attributes: Object.fromEntries(module.attributes.map((a) => [a.key, values[`attr_${a.key}`] ?? ''])),
    }
    setDone(undefined)
    setChecking(dryRun)
    importer.mutate({ batch: values.batch, mapping: JSON.stringify(mapping), file, dryRun }, { onSuccess: setDone })
  }
  return (
    <Modal
      open
      title={t('monitorVerify.import.title')}
      onCancel={onClose}
      width={760}
      destroyOnHidden
      okText={t('monitorVerify.import.submit')}
      onOk={() => void submit(false)}
      okButtonProps={{ loading: importer.isPending && !checking, disabled: files.length === 0, 'data-testid': 'import-submit' } as never}
      footer={(_, { OkBtn, CancelBtn }) => (
        <>
          <CancelBtn />
          <Button
            onClick={() => void submit(true)}
            loading={importer.isPending && checking}
            disabled={files.length === 0}
            data-testid="import-check"
          >
            {t('monitorVerify.import.check')}
          </Button>
          <OkBtn />
        </>
      )}
    >
      <Form
        form={form}
        layout="horizontal"
        labelWrap
        labelCol={{ span: 8 }}
        initialValues={{
          siteId: defaults.siteId,
          spotType: defaults.spotType,
          ...Object.fromEntries(module.attributes.map((a) => [`attr_${a.key}`, defaults.attributes[a.key]])),
        }}
        data-testid="import-form"
      >
        <Form.Item label={t('monitorVerify.import.file')} required>
          <Upload
            accept=".zip,.geojson,.json"
            maxCount={1}
            fileList={files}
            beforeUpload={() => false}
            onChange={({ fileList }) => setFiles(fileList.slice(-1))}
          >
            <Button icon={<UploadOutlined />} data-testid="import-file">
              {t('monitorVerify.import.chooseFile')}
            </Button>
          </Upload>
        </Form.Item>
        <Form.Item
          label={t('monitorVerify.import.batch')}
          name="batch"
          rules={[{ required: true, pattern: /^\d{8}$/, message: t('monitor.errors.badBatch') }]}
        >
          <Input style={{ width: 160 }} placeholder="20260331" data-testid="import-batch" />
        </Form.Item>
        <Typography.Text strong>{t('monitorVerify.import.mapping')}</Typography.Text>
        <Form.Item label={t('monitorVerify.import.siteId')} name="siteId" rules={[{ required: true }]}>
          <Input style={{ width: 200 }} />
        </Form.Item>
        <Form.Item
          label={t('monitorVerify.import.spotType')}
          name="spotType"
          rules={[{ required: true }]}
          extra={t('monitorVerify.import.spotTypeHint', {
            values: punctuationNow().list(module.spotTypes.map((s) => s.value + punctuationNow().paren(t(s.labelKey)))),
          })}
        >
          <Input style={{ width: 200 }} />
        </Form.Item>
        {module.attributes.map((a) => (
          <Form.Item key={a.key} label={t('monitorVerify.import.attribute', { name: t(a.labelKey) })} name={`attr_${a.key}`}>
            <Input style={{ width: 200 }} />
          </Form.Item>
        ))}
      </Form>
      {done && (
        <Alert
          type={done.dryRun ? 'info' : 'success'}
          showIcon
          title={t(done.dryRun ? 'monitorVerify.import.checked' : 'monitorVerify.import.done', { batch: done.batch, count: done.imported })}
          data-testid={done.dryRun ? 'import-checked' : 'import-done'}
        />
      )}
      {importer.error && (
        <div data-testid="import-report">
          <Alert type="error" showIcon title={errorMessage(importer.error)} style={{ marginBottom: 8 }} />
          {failed && failed.rejected.length > 0 && (
            <>
              <Typography.Text>{t('monitorVerify.import.rejectedTitle', { count: failed.rejectedCount })}</Typography.Text>
              {failed.rejectedCount > failed.rejected.length && (
                <Typography.Text type="secondary">
                  {' '}
                  {t('monitorVerify.import.more', { shown: failed.rejected.length, count: failed.rejectedCount })}
                </Typography.Text>
              )}
              <Table
                size="small"
                rowKey="index"
                pagination={{ pageSize: 10, showSizeChanger: false }}
                dataSource={failed.rejected}
                columns={[
                  { title: t('monitorVerify.import.index'), dataIndex: 'index', width: 90 },
                  { title: t('monitorVerify.import.siteIdColumn'), dataIndex: 'siteId', width: 120 },
                  { title: t('monitorVerify.import.reasons'), dataIndex: 'reasons', render: (r: string[]) => punctuationNow().clauses(r) },
                ]}
              />
            </>
          )}
        </div>
      )}
    </Modal>
  )
}

/**
 * The monitoring screen's verification tools: 核查进度 for a user with the module's code and an area
 * range, 导入成果 for an administrator (MOD_001). The server checks both again.
 */
export function VerifyTools({
  module,
  batches,
  user,
}: {
  module: MonitorModuleDecl
  batches: readonly MonitorBatch[]
  user: MonitorUser | null
}) {
  const t = useT()
  const [open, setOpen] = useState<'progress' | 'import' | null>(null)
  if (!user) return null
  const canProgress = user.permissions.includes(module.permission) && user.areaRegionIds.length > 0
  const canImport = user.permissions.includes(PERMISSION.systemAdmin)
  if (!canProgress && !canImport) return null
  return (
    <>
      {canProgress && (
        <Button size="small" onClick={() => setOpen('progress')} data-testid="open-progress">
          {t('monitorVerify.progress.open')}
        </Button>
      )}
      {canImport && (
        <Button size="small" onClick={() => setOpen('import')} data-testid="open-import">
          {t('monitorVerify.import.open')}
        </Button>
      )}
      {open === 'progress' && <ProgressDialog module={module} batches={batches} onClose={() => setOpen(null)} />}
      {open === 'import' && <ImportDialog module={module} onClose={() => setOpen(null)} />}
    </>
  )
}
