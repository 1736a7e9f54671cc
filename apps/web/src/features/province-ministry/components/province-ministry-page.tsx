import { PlusOutlined } from '@ant-design/icons'
import {
  canAsk,
  PROVINCE_MINISTRY_KINDS,
  PROVINCE_MINISTRY_LIMITS,
  PROVINCE_MINISTRY_STATES,
  type ProvinceMinistryRequest,
  type ProvinceMinistryRole,
  WHOLE_COUNTRY_CODE,
} from '@rs/shared'
import { useQueryClient } from '@tanstack/react-query'
import { Alert, Button, Input, Select, Space, Table, type TableColumnsType, Tag, Typography } from 'antd'
import { type ReactNode, useState } from 'react'
import { errorMessage } from '../../../lib/api-client'
import { useT } from '../../../lib/i18n'
import { formatBeijing } from '../../../lib/time'
import { PROVINCE_MINISTRY_KEY, type ProvinceMinistryFilter, useProvinceMinistryRequests } from '../api/province-ministry-api'
import { NewRequestModal } from './new-request-modal'
import { RequestStateTag } from './request-state-tag'
import { ThreadDrawer } from './thread-drawer'

export interface ProvinceMinistryPageProps {
  /** The user's side by its area ranges: a province asks, the ministry answers. */
  role: ProvinceMinistryRole | null
  /** The user's area ranges (allowed region codes). */
  regionIds: readonly string[]
  /** A region picker limited by the route to the user's ranges. */
  regionPicker: (value: string, onChange: (code: string) => void) => ReactNode
}

const FIRST_PAGE: ProvinceMinistryFilter = { pageNum: 1, pageSize: 20 }

/** A filter of one value or all of them ('all' shown first, undefined meaning no filter). */
function AllOrOne<V extends string>(props: {
  value: V | undefined
  values: readonly V[]
  allLabel: string
  label: (value: V) => string
  onChange: (value: V | undefined) => void
  testId: string
}) {
  return (
    <Select<V | 'all'>
      style={{ width: 110 }}
      value={props.value ?? 'all'}
      onChange={(v) => props.onChange(v === 'all' ? undefined : (v as V))}
      options={[{ value: 'all', label: props.allLabel }, ...props.values.map((v) => ({ value: v, label: props.label(v) }))]}
      aria-label={props.allLabel}
      data-testid={props.testId}
    />
  )
}

/**
 * 省部协同 (/ministryProvince/provinceMinistry, MOD_090): the requests the user may see with their
 * states, filtered by state, kind, region and words; 新建请求 for a province; a request's thread in
 * a drawer with the reply and the buttons its state allows the user's side.
 */
export function ProvinceMinistryPage({ role, regionIds, regionPicker }: ProvinceMinistryPageProps) {
  const t = useT()
  const queryClient = useQueryClient()
  const [filter, setFilter] = useState<ProvinceMinistryFilter>(FIRST_PAGE)
  const [text, setText] = useState('')
  const [asking, setAsking] = useState(false)
  const [openId, setOpenId] = useState<number | null>(null)
  const list = useProvinceMinistryRequests(filter)
  // the region filter starts at the user's one range (or, with several, none chosen): every request the user sees
  const home = regionIds.length === 1 ? (regionIds[0] as string) : WHOLE_COUNTRY_CODE
  const change = (next: Partial<ProvinceMinistryFilter>) => setFilter((f) => ({ ...f, ...next, pageNum: 1 }))

  const columns: TableColumnsType<ProvinceMinistryRequest> = [
    { key: 'id', title: t('provinceMinistry.columns.id'), dataIndex: 'id', width: 64 },
    {
      key: 'title',
      title: t('provinceMinistry.columns.title'),
      ellipsis: { showTitle: true },
      render: (_, r) => (
        <Typography.Link onClick={() => setOpenId(r.id)} data-testid="pm-open">
          {r.title}
        </Typography.Link>
      ),
    },
    { key: 'kind', title: t('provinceMinistry.columns.kind'), width: 90, render: (_, r) => t(`provinceMinistry.kinds.${r.kind}`) },
    { key: 'region', title: t('provinceMinistry.columns.region'), dataIndex: 'regionName', width: 190, ellipsis: { showTitle: true } },
    {
      key: 'asker',
      title: t('provinceMinistry.columns.asker'),
      width: 170,
      ellipsis: { showTitle: true },
      render: (_, r) => r.askerUnit || r.asker,
    },
    { key: 'state', title: t('provinceMinistry.columns.state'), width: 86, render: (_, r) => <RequestStateTag state={r.state} /> },
    { key: 'messages', title: t('provinceMinistry.columns.messages'), dataIndex: 'messageCount', width: 72, align: 'right' },
    {
      key: 'updatedAt',
      title: t('provinceMinistry.columns.updatedAt'),
      dataIndex: 'updatedAt',
      width: 160,
      render: (v: string) => formatBeijing(v),
    },
  ]

  return (
    <div className="page-container province-ministry" data-testid="province-ministry">
      <Typography.Title level={1} className="province-ministry__title">
        {t('provinceMinistry.title')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('provinceMinistry.intro')}</Typography.Paragraph>

      <section className="province-ministry__card">
        <div className="province-ministry__bar">
          <Space wrap>
            {role && (
              <Tag color={role === 'ministry' ? 'green' : 'blue'} data-testid="pm-role">
                {t('provinceMinistry.youAre', { role: t(`provinceMinistry.role.${role}`) })}
              </Tag>
            )}
            {role === 'ministry' && <Typography.Text type="secondary">{t('provinceMinistry.ministryHint')}</Typography.Text>}
          </Space>
          {canAsk(role) && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setAsking(true)} data-testid="pm-new">
              {t('provinceMinistry.new')}
            </Button>
          )}
        </div>

        <Space wrap className="province-ministry__filters">
          <AllOrOne
            value={filter.state}
            values={PROVINCE_MINISTRY_STATES}
            allLabel={t('provinceMinistry.allStates')}
            label={(s) => t(`provinceMinistry.state.${s}`)}
            onChange={(state) => change({ state })}
            testId="pm-filter-state"
          />
          <AllOrOne
            value={filter.kind}
            values={PROVINCE_MINISTRY_KINDS}
            allLabel={t('provinceMinistry.allKinds')}
            label={(k) => t(`provinceMinistry.kinds.${k}`)}
            onChange={(kind) => change({ kind })}
            testId="pm-filter-kind"
          />
          {regionPicker(filter.regionId ?? home, (code) => change({ regionId: code === home ? undefined : code }))}
          <Input.Search
            allowClear
            style={{ width: 200 }}
            value={text}
            maxLength={PROVINCE_MINISTRY_LIMITS.textMax}
            placeholder={t('provinceMinistry.search')}
            onChange={(e) => setText(e.target.value)}
            onSearch={(v) => change({ text: v.trim() || undefined })}
            data-testid="pm-search"
          />
          <Button
            onClick={() => {
              setText('')
              setFilter(FIRST_PAGE)
            }}
          >
            {t('provinceMinistry.reset')}
          </Button>
        </Space>

        {list.error != null && <Alert type="error" showIcon title={errorMessage(list.error)} style={{ marginBottom: 8 }} />}
        <Table<ProvinceMinistryRequest>
          size="middle"
          rowKey="id"
          loading={list.isLoading}
          columns={columns}
          dataSource={list.data?.list ?? []}
          locale={{ emptyText: t('provinceMinistry.empty') }}
          scroll={{ x: 1000 }}
          data-testid="pm-table"
          onRow={(r) => ({ onDoubleClick: () => setOpenId(r.id) })}
          pagination={{
            current: filter.pageNum,
            pageSize: filter.pageSize,
            total: list.data?.total ?? 0,
            showTotal: (total) => t('provinceMinistry.total', { total }),
            onChange: (pageNum, pageSize) => setFilter((f) => ({ ...f, pageNum, pageSize })),
          }}
        />
      </section>

      {canAsk(role) && (
        <NewRequestModal
          open={asking}
          onClose={() => setAsking(false)}
          onCreated={(id) => {
            setAsking(false)
            void queryClient.invalidateQueries({ queryKey: PROVINCE_MINISTRY_KEY })
            setOpenId(id)
          }}
          regionIds={regionIds}
          regionPicker={regionPicker}
        />
      )}
      <ThreadDrawer id={openId} onClose={() => setOpenId(null)} />
    </div>
  )
}
