import { DownloadOutlined, SearchOutlined } from '@ant-design/icons'
import { AUDIT_ACTIONS, type AuditEntry, type AuditOutcome } from '@rs/shared'
import { Alert, Button, DatePicker, Form, Input, Select, Space, Table, type TableColumnsType, Tag } from 'antd'
import type { Dayjs } from 'dayjs'
import { useState } from 'react'
import { errorMessage } from '../../../lib/api-client'
import { useT } from '../../../lib/i18n'
import { untranslatedCell } from '../../../lib/i18n/own-text'
import { notify } from '../../../lib/notify'
import { exportAudit } from '../api/export-audit'
import { type AuditSearchParams, useAuditSearch } from '../api/search-audit'
import { formatTime } from '../utils/format-time'

const PAGE_SIZE = 20

interface FilterForm {
  range?: [Dayjs | null, Dayjs | null] | null
  username?: string
  action?: (typeof AUDIT_ACTIONS)[number]
  outcome?: AuditOutcome
  ip?: string
}

type Filter = Omit<AuditSearchParams, 'pageNum' | 'pageSize'>

function toFilter(form: FilterForm): Filter {
  return {
    from: form.range?.[0]?.toISOString(),
    to: form.range?.[1]?.toISOString(),
    username: form.username?.trim() || undefined,
    action: form.action,
    outcome: form.outcome,
    ip: form.ip?.trim() || undefined,
  }
}

/** /admin/audit: search the audit log by time, user, action, outcome and address; page through it; export CSV. */
export function AuditLogPage() {
  const t = useT()
  const [form] = Form.useForm<FilterForm>()
  const [filter, setFilter] = useState<Filter>({})
  const [pageNum, setPageNum] = useState(1)
  const [isExporting, setIsExporting] = useState(false)
  const result = useAuditSearch({ ...filter, pageNum, pageSize: PAGE_SIZE })

  const handleSearch = (values: FilterForm) => {
    setFilter(toFilter(values))
    setPageNum(1)
  }

  const handleExport = async () => {
    setIsExporting(true)
    try {
      await exportAudit(filter)
    } catch (error) {
      notify.error(errorMessage(error))
    } finally {
      setIsExporting(false)
    }
  }

  const columns: TableColumnsType<AuditEntry> = [
    { title: t('admin.audit.time'), dataIndex: 'at', width: 170, render: (at: string) => formatTime(at) },
    {
      title: t('admin.audit.user'),
      dataIndex: 'username',
      width: 130,
      render: (name: string, entry) => (name ? entry.userId === null ? <i>{name}</i> : name : t('admin.audit.anonymous')),
    },
    { title: t('admin.audit.ip'), dataIndex: 'ip', width: 130 },
    { title: t('admin.audit.action'), dataIndex: 'action', width: 140, render: (action: string) => t(`admin.action.${action}`) },
    // what was acted on, named as its owner named it (a file, a user, a plan): not translated
    { title: t('admin.audit.target'), dataIndex: 'target', width: 160, ellipsis: true, onCell: untranslatedCell },
    {
      title: t('admin.audit.outcome'),
      dataIndex: 'outcome',
      width: 80,
      render: (outcome: AuditOutcome) => <Tag color={outcome === 'success' ? 'success' : 'error'}>{t(`admin.audit.${outcome}`)}</Tag>,
    },
    {
      title: t('admin.audit.detail'),
      dataIndex: 'detail',
      ellipsis: true,
      onCell: untranslatedCell,
      render: (detail: Record<string, unknown>) => {
        const text = Object.keys(detail).length > 0 ? JSON.stringify(detail) : ''
        return <code className="admin__detail">{text}</code>
      },
    },
  ]

  return (
    <section className="admin" data-testid="admin-audit">
      <h1 className="admin__title">{t('admin.audit.title')}</h1>
      <p className="admin__intro">{t('admin.audit.intro')}</p>
      <Form<FilterForm> form={form} layout="inline" className="admin__filters" onFinish={handleSearch}>
        <Form.Item name="range" label={t('admin.audit.range')}>
          <DatePicker.RangePicker showTime />
        </Form.Item>
        <Form.Item name="username" label={t('admin.audit.user')}>
          <Input allowClear style={{ width: 140 }} data-testid="audit-username" />
        </Form.Item>
        <Form.Item name="action" label={t('admin.audit.action')}>
          <Select
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            style={{ width: 160 }}
            placeholder={t('admin.audit.anyAction')}
            aria-label={t('admin.audit.anyAction')}
            options={AUDIT_ACTIONS.map((a) => ({ value: a, label: t(`admin.action.${a}`) }))}
            data-testid="audit-action"
          />
        </Form.Item>
        <Form.Item name="outcome" label={t('admin.audit.outcome')}>
          <Select
            allowClear
            style={{ width: 110 }}
            placeholder={t('admin.audit.anyOutcome')}
            aria-label={t('admin.audit.anyOutcome')}
            options={[
              { value: 'success', label: t('admin.audit.success') },
              { value: 'failure', label: t('admin.audit.failure') },
            ]}
          />
        </Form.Item>
        <Form.Item name="ip" label={t('admin.audit.ip')}>
          <Input allowClear style={{ width: 140 }} />
        </Form.Item>
        <Form.Item>
          <Space>
            <Button type="primary" htmlType="submit" icon={<SearchOutlined />} data-testid="audit-search">
              {t('admin.audit.search')}
            </Button>
            <Button
              onClick={() => {
                form.resetFields()
                handleSearch({})
              }}
            >
              {t('admin.audit.reset')}
            </Button>
            <Button icon={<DownloadOutlined />} loading={isExporting} onClick={handleExport} data-testid="audit-export">
              {t('admin.audit.export')}
            </Button>
          </Space>
        </Form.Item>
      </Form>
      {result.isError ? <Alert type="error" showIcon title={t('admin.audit.loadFailed')} description={errorMessage(result.error)} /> : null}
      <Table<AuditEntry>
        rowKey="id"
        size="small"
        loading={result.isFetching}
        columns={columns}
        dataSource={result.data?.items ?? []}
        scroll={{ x: 1100 }}
        pagination={{
          current: pageNum,
          pageSize: PAGE_SIZE,
          total: result.data?.total ?? 0,
          showSizeChanger: false,
          showTotal: (total) => t('admin.audit.total', { total }),
          onChange: setPageNum,
        }}
      />
    </section>
  )
}
