import { PUSH_LIMITS, PUSH_STATES, type PushBatch, type PushNode, type PushState, type PushTargetKind, punctuationNow } from '@rs/shared'
import { useQueryClient } from '@tanstack/react-query'
import {
  Alert,
  Button,
  Checkbox,
  Form,
  Input,
  Modal,
  Progress,
  Radio,
  Select,
  Space,
  Switch,
  Table,
  type TableColumnsType,
  Tag,
  Typography,
} from 'antd'
import { type ReactNode, useEffect, useState } from 'react'
import { errorMessage } from '../../../lib/api-client'
import { OwnText, useT } from '../../../lib/i18n'
import { notify } from '../../../lib/notify'
import { formatBeijing } from '../../../lib/time'
import { PUSH_KEY, probeNode, retryPush, saveNode, usePushBatches, usePushNodes } from '../api/push-api'
import { formatBytes } from '../utils/format'
import { PushDialog } from './push-dialog'

const STATE_COLOR: Record<PushState, string> = { pending: 'default', pushing: 'processing', delivered: 'success', failed: 'error' }
const PAGE_SIZE = 20

export interface PushAdminPageProps {
  /** The region picker (features may not import each other: the route hands it in). */
  renderRegionPicker: (props: { value: string; onChange: (code: string) => void }) => ReactNode
}

interface NodeForm {
  id?: number
  name: string
  regionId: string
  level: 'province' | 'city'
  targetKind: PushTargetKind
  target: string
  s3?: { endpoint: string; region: string; bucket: string; forcePathStyle: boolean; accessKeyId: string; secretAccessKey?: string }
  contacts: Array<{ name: string; phone?: string; email?: string }>
  userNames: string[]
  enabled: boolean
}

const NEW_BUCKET = { endpoint: '', region: 'us-east-1', bucket: '', forcePathStyle: true, accessKeyId: '' }

const time = (v: string | null) => (v ? formatBeijing(v) : '—')

/**
 * 推送管理 (/admin/push, 系统管理): the push nodes (region, delivery folder or S3-compatible bucket with a
 * test of it, contacts, accounts) and
 * the batches pushed to them, with their progress, size, SHA-256 and delivered file; pushing chosen
 * scenes or a node's newly imported ones; retrying a failed batch.
 */
export function PushAdminPage({ renderRegionPicker }: PushAdminPageProps) {
  const t = useT()
  const queryClient = useQueryClient()
  const nodes = usePushNodes()
  const [nodeFilter, setNodeFilter] = useState<number | undefined>()
  const [stateFilter, setStateFilter] = useState<PushState | undefined>()
  const [pageNum, setPageNum] = useState(1)
  const batches = usePushBatches({ nodeId: nodeFilter, state: stateFilter, pageNum, pageSize: PAGE_SIZE })
  const [editing, setEditing] = useState<NodeForm | null>(null)
  const [dialog, setDialog] = useState<{ nodeId?: number; newScenes?: boolean } | null>(null)
  const [form] = Form.useForm<NodeForm>()
  const [formError, setFormError] = useState<string | null>(null)
  const targetKind = Form.useWatch('targetKind', form) ?? 'folder'
  const refresh = () => queryClient.invalidateQueries({ queryKey: PUSH_KEY })
  // a delivery moves its node's last push: read the nodes again whenever the batches change
  const delivered = batches.data?.list.filter((b) => b.state === 'delivered').length ?? 0
  useEffect(() => {
    if (delivered > 0) void queryClient.invalidateQueries({ queryKey: [...PUSH_KEY, 'nodes'] })
  }, [delivered, queryClient])

  const openNode = (node?: PushNode) => {
    const value: NodeForm = node
      ? { ...node, s3: node.s3 ?? NEW_BUCKET, contacts: node.contacts }
      : {
          name: '',
          regionId: '150000',
          level: 'province',
          targetKind: 'folder',
          target: '',
          s3: NEW_BUCKET,
          contacts: [],
          userNames: [],
          enabled: true,
        }
    setEditing(value)
    setFormError(null)
    form.setFieldsValue(value)
  }

  async function submitNode() {
    const values = await form.validateFields()
    try {
      const s3 =
        values.targetKind === 's3' && values.s3 ? { ...values.s3, secretAccessKey: values.s3.secretAccessKey || undefined } : undefined
      await saveNode({ ...values, s3, id: editing?.id, contacts: values.contacts ?? [], userNames: values.userNames ?? [] })
      setEditing(null)
      void refresh()
    } catch (e) {
      setFormError(errorMessage(e))
    }
  }

  async function probe(id: number) {
    try {
      const r = await probeNode(id)
      if (r.reachable) notify.success(t('push.admin.probeOk', { location: r.location, ms: r.milliseconds }))
      else notify.error(t('push.admin.probeFailed', { location: r.location, reason: r.reason ?? '' }))
    } catch (e) {
      notify.error(errorMessage(e))
    }
  }

  const nodeColumns: TableColumnsType<PushNode> = [
    { title: t('push.admin.name'), dataIndex: 'name', render: (name: string) => <OwnText>{name}</OwnText> },
    { title: t('push.admin.region'), dataIndex: 'regionName', width: 130 },
    { title: t('push.admin.level'), dataIndex: 'level', width: 90, render: (l: PushNode['level']) => t(`push.level.${l}`) },
    {
      title: t('push.admin.location'),
      dataIndex: 'location',
      width: 190,
      render: (v: string, node) => (
        <>
          {node.targetKind === 's3' && <Tag>S3</Tag>}
          <code>{v}</code>
        </>
      ),
    },
    {
      title: t('push.admin.contacts'),
      dataIndex: 'contacts',
      width: 180,
      render: (cs: PushNode['contacts']) => punctuationNow().clauses(cs.map((c) => [c.name, c.phone, c.email].filter(Boolean).join(' '))),
    },
    { title: t('push.admin.users'), dataIndex: 'userNames', render: (u: string[]) => punctuationNow().list(u) },
    {
      title: t('push.admin.enabled'),
      dataIndex: 'enabled',
      width: 70,
      render: (on: boolean) => <Tag color={on ? 'green' : 'default'}>{on ? t('push.admin.enabled') : t('push.admin.disabled')}</Tag>,
    },
    {
      title: t('push.admin.lastPushed'),
      dataIndex: 'lastPushedAt',
      width: 160,
      render: (v: string | null) => (v ? time(v) : t('push.admin.never')),
    },
    {
      title: '',
      key: 'actions',
      width: 290,
      render: (_: unknown, node) => (
        <Space size="small">
          <Button size="small" onClick={() => openNode(node)} data-testid={`push-node-edit-${node.id}`}>
            {t('push.admin.editNode')}
          </Button>
          <Button size="small" onClick={() => probe(node.id)} data-testid={`push-node-probe-${node.id}`}>
            {t('push.admin.probe')}
          </Button>
          <Button
            size="small"
            disabled={!node.enabled}
            onClick={() => setDialog({ nodeId: node.id, newScenes: true })}
            data-testid={`push-node-new-${node.id}`}
          >
            {t('push.admin.pushNew')}
          </Button>
        </Space>
      ),
    },
  ]

  const batchColumns: TableColumnsType<PushBatch> = [
    { title: '#', dataIndex: 'id', width: 60 },
    { title: t('push.admin.node'), dataIndex: 'nodeName' },
    {
      title: t('push.admin.state'),
      dataIndex: 'state',
      width: 150,
      render: (s: PushState, b) =>
        s === 'pushing' ? (
          <Progress percent={b.progress} size="small" status="active" style={{ width: 120 }} />
        ) : (
          <Tag color={STATE_COLOR[s]} data-testid={`push-state-${b.id}`}>
            {t(`push.state.${s}`)}
          </Tag>
        ),
    },
    { title: t('push.admin.scenes'), dataIndex: 'scenes', width: 70, align: 'right' },
    { title: t('push.admin.area'), dataIndex: 'areaKm2', width: 110, align: 'right', render: (v: number) => v.toFixed(2) },
    {
      title: t('push.admin.size'),
      dataIndex: 'bytes',
      width: 90,
      align: 'right',
      render: (v: number | null) => (v === null ? '—' : formatBytes(v)),
    },
    {
      title: t('push.admin.file'),
      dataIndex: 'deliveredFile',
      render: (f: string | null, b) =>
        f ? (
          <Typography.Text style={{ fontSize: 12 }}>
            <code>{f}</code>
            <br />
            <span title={b.sha256 ?? ''}>SHA-256 {b.sha256?.slice(0, 16)}…</span>
          </Typography.Text>
        ) : (
          <Typography.Text type="danger" style={{ fontSize: 12 }}>
            {b.error ?? ''}
          </Typography.Text>
        ),
    },
    { title: t('push.admin.createdAt'), dataIndex: 'createdAt', width: 160, render: time },
    { title: t('push.admin.deliveredAt'), dataIndex: 'deliveredAt', width: 160, render: time },
    { title: t('push.admin.createdBy'), dataIndex: 'createdBy', width: 90 },
    {
      title: '',
      key: 'actions',
      width: 100,
      render: (_: unknown, b) =>
        b.state === 'failed' && (
          <Button
            size="small"
            data-testid={`push-retry-${b.id}`}
            onClick={async () => {
              try {
                await retryPush(b.id)
                void refresh()
              } catch (e) {
                notify.error(errorMessage(e))
              }
            }}
          >
            {t('push.admin.retry')}
          </Button>
        ),
    },
  ]

  return (
    <section className="admin" data-testid="admin-push">
      <h1 className="admin__title">{t('push.admin.title')}</h1>
      <Space style={{ marginBottom: 12 }}>
        <Typography.Title level={2} style={{ fontSize: 17, margin: 0 }}>
          {t('push.admin.nodes')}
        </Typography.Title>
        <Button type="primary" size="small" onClick={() => openNode()} data-testid="push-node-new">
          {t('push.admin.newNode')}
        </Button>
      </Space>
      {nodes.isError && <Alert type="error" showIcon title={errorMessage(nodes.error)} />}
      <Table<PushNode>
        rowKey="id"
        size="small"
        columns={nodeColumns}
        dataSource={nodes.data ?? []}
        loading={nodes.isFetching}
        pagination={false}
        scroll={{ x: 1100 }}
        data-testid="push-nodes"
      />

      <Space style={{ margin: '24px 0 12px' }} wrap>
        <Typography.Title level={2} style={{ fontSize: 17, margin: 0 }}>
          {t('push.admin.batches')}
        </Typography.Title>
        <Button type="primary" size="small" onClick={() => setDialog({})} data-testid="push-new">
          {t('push.admin.pushIds')}
        </Button>
        <Select
          allowClear
          aria-label={t('push.admin.node')}
          placeholder={t('push.admin.node')}
          value={nodeFilter}
          style={{ width: 200 }}
          options={(nodes.data ?? []).map((n) => ({ value: n.id, label: n.name }))}
          onChange={(v?: number) => {
            setNodeFilter(v)
            setPageNum(1)
          }}
        />
        <Select
          allowClear
          aria-label={t('push.admin.state')}
          placeholder={t('push.admin.state')}
          value={stateFilter}
          style={{ width: 130 }}
          options={PUSH_STATES.map((s) => ({ value: s, label: t(`push.state.${s}`) }))}
          onChange={(v?: PushState) => {
            setStateFilter(v)
            setPageNum(1)
          }}
        />
      </Space>
      <Table<PushBatch>
        rowKey="id"
        size="small"
        columns={batchColumns}
        dataSource={batches.data?.list ?? []}
        loading={batches.isFetching && !batches.data}
        locale={{ emptyText: t('push.admin.empty') }}
        scroll={{ x: 1300 }}
        data-testid="push-batches"
        pagination={{
          current: pageNum,
          pageSize: PAGE_SIZE,
          total: batches.data?.total ?? 0,
          showSizeChanger: false,
          onChange: setPageNum,
        }}
      />

      {dialog && (
        <PushDialog
          open
          nodeId={dialog.nodeId}
          newScenes={dialog.newScenes}
          onClose={(pushed) => {
            setDialog(null)
            if (pushed) void refresh()
          }}
        />
      )}

      <Modal
        open={editing !== null}
        title={editing?.id ? t('push.admin.editNode') : t('push.admin.newNode')}
        okText={t('push.admin.save')}
        onOk={submitNode}
        onCancel={() => setEditing(null)}
        okButtonProps={{ 'data-testid': 'push-node-save' } as never}
        destroyOnHidden
        width={640}
      >
        <Form form={form} layout="vertical" requiredMark={false}>
          <Form.Item name="name" label={t('push.admin.name')} rules={[{ required: true, message: t('push.errors.name') }]}>
            <Input maxLength={60} data-testid="push-node-name" />
          </Form.Item>
          <Form.Item name="regionId" label={t('push.admin.region')} rules={[{ required: true }]}>
            <RegionField render={renderRegionPicker} />
          </Form.Item>
          <Form.Item name="level" label={t('push.admin.level')}>
            <Select
              options={[
                { value: 'province', label: t('push.level.province') },
                { value: 'city', label: t('push.level.city') },
              ]}
            />
          </Form.Item>
          <Form.Item name="targetKind" label={t('push.admin.targetKind')}>
            <Radio.Group
              data-testid="push-node-kind"
              options={[
                { value: 'folder', label: t('push.admin.kindFolder') },
                { value: 's3', label: t('push.admin.kindS3') },
              ]}
            />
          </Form.Item>
          {targetKind === 's3' && (
            <>
              <Form.Item
                name={['s3', 'endpoint']}
                label={t('push.admin.s3Endpoint')}
                extra={t('push.admin.s3EndpointHelp')}
                rules={[{ required: true, type: 'url', message: t('push.errors.s3Endpoint') }]}
              >
                <Input data-testid="push-node-s3-endpoint" placeholder="https://" />
              </Form.Item>
              <Space align="start" wrap>
                <Form.Item
                  name={['s3', 'bucket']}
                  label={t('push.admin.s3Bucket')}
                  rules={[{ required: true, pattern: PUSH_LIMITS.bucketPattern, message: t('push.errors.s3Bucket') }]}
                >
                  <Input data-testid="push-node-s3-bucket" style={{ width: 220 }} />
                </Form.Item>
                <Form.Item
                  name={['s3', 'region']}
                  label={t('push.admin.s3Region')}
                  rules={[{ required: true, pattern: PUSH_LIMITS.regionPattern, message: t('push.errors.s3Region') }]}
                >
                  <Input style={{ width: 160 }} />
                </Form.Item>
              </Space>
              <Form.Item name={['s3', 'forcePathStyle']} valuePropName="checked">
                <Checkbox>{t('push.admin.s3PathStyle')}</Checkbox>
              </Form.Item>
              <Space align="start" wrap>
                <Form.Item
                  name={['s3', 'accessKeyId']}
                  label={t('push.admin.s3AccessKey')}
                  rules={[{ required: true, message: t('push.errors.s3AccessKey') }]}
                >
                  <Input data-testid="push-node-s3-key" style={{ width: 220 }} autoComplete="off" />
                </Form.Item>
                <Form.Item
                  name={['s3', 'secretAccessKey']}
                  label={t('push.admin.s3Secret')}
                  extra={editing?.s3?.accessKeyId && editing.targetKind === 's3' ? t('push.admin.s3SecretKeep') : undefined}
                  rules={[{ required: !(editing?.id && editing.targetKind === 's3'), message: t('push.errors.s3Secret') }]}
                >
                  <Input.Password data-testid="push-node-s3-secret" style={{ width: 240 }} autoComplete="new-password" />
                </Form.Item>
              </Space>
            </>
          )}
          <Form.Item
            name="target"
            label={targetKind === 's3' ? t('push.admin.prefix') : t('push.admin.target')}
            extra={targetKind === 's3' ? t('push.admin.prefixHelp') : t('push.admin.targetHelp')}
            rules={[{ required: true, pattern: PUSH_LIMITS.folderPattern, message: t('push.errors.target') }]}
          >
            <Input data-testid="push-node-target" />
          </Form.Item>
          <Form.List name="contacts">
            {(fields, { add, remove }) => (
              <Form.Item label={t('push.admin.contacts')}>
                {fields.map((field) => (
                  <Space key={field.key} align="baseline" wrap>
                    <Form.Item name={[field.name, 'name']} rules={[{ required: true, message: t('push.errors.contactName') }]}>
                      <Input placeholder={t('push.admin.contactName')} aria-label={t('push.admin.contactName')} style={{ width: 110 }} />
                    </Form.Item>
                    <Form.Item name={[field.name, 'phone']}>
                      <Input placeholder={t('push.admin.contactPhone')} aria-label={t('push.admin.contactPhone')} style={{ width: 150 }} />
                    </Form.Item>
                    <Form.Item name={[field.name, 'email']} rules={[{ type: 'email', message: t('push.errors.contactEmail') }]}>
                      <Input placeholder={t('push.admin.contactEmail')} aria-label={t('push.admin.contactEmail')} style={{ width: 190 }} />
                    </Form.Item>
                    <Button size="small" onClick={() => remove(field.name)}>
                      ×
                    </Button>
                  </Space>
                ))}
                <Button size="small" onClick={() => add({ name: '' })}>
                  {t('push.admin.addContact')}
                </Button>
              </Form.Item>
            )}
          </Form.List>
          <Form.Item name="userNames" label={t('push.admin.users')} extra={t('push.admin.usersHelp')}>
            <Select mode="tags" tokenSeparators={[',', ' ']} aria-label={t('push.admin.users')} />
          </Form.Item>
          <Form.Item name="enabled" label={t('push.admin.enabled')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </Form>
        {formError && <Alert type="error" showIcon title={formError} data-testid="push-node-error" />}
      </Modal>
    </section>
  )
}

/** A form field around the handed-in region picker. */
function RegionField({
  value,
  onChange,
  render,
}: {
  value?: string
  onChange?: (code: string) => void
  render: PushAdminPageProps['renderRegionPicker']
}) {
  return <>{render({ value: value ?? '100000', onChange: (code) => onChange?.(code) })}</>
}
