import { APPLY_STATES, type ApplyState, type ApplySummary, permissionNameKey } from '@rs/shared'
import { useQueryClient } from '@tanstack/react-query'
import { Alert, Button, Input, Modal, Popconfirm, Select, Space, Table, type TableColumnsType, Tag } from 'antd'
import { useEffect, useRef, useState } from 'react'
import { errorMessage } from '../../../lib/api-client'
import { useT } from '../../../lib/i18n'
import { notify } from '../../../lib/notify'
import { formatBeijing } from '../../../lib/time'
import {
  APPLY_KEY,
  type ApplyFilterState,
  downloadAttachment,
  reviewApplication,
  useApplications,
  withdrawApplication,
} from '../api/apply-api'
import { ApplyStatusTag } from './apply-status'
import type { RegionSlots } from './region-slots'

/**
 * The applications: mine (withdraw before review) or every one for review (approve, or reject
 * with a reason; not on the administrator's own, which the server refuses too); the decision and
 * its reviewer shown once made. Buttons follow the shared state machine's allowed events; the
 * server decides.
 */
export function ApplyTable({
  mode,
  regions,
  onGranted,
  currentUser,
}: {
  mode: 'mine' | 'review'
  regions: RegionSlots
  onGranted?: () => void
  /** The signed-in user name. */
  currentUser?: string
}) {
  const t = useT()
  const queryClient = useQueryClient()
  const [filter, setFilter] = useState<ApplyFilterState>({ pageNum: 1, pageSize: 10, ...(mode === 'review' ? { status: 'pending' } : {}) })
  const [rejecting, setRejecting] = useState<number | null>(null)
  const [reason, setReason] = useState('')
  const list = useApplications(filter, mode === 'review')
  // an application approved while the list is open: the session's rights are reloaded
  const approvedIds = list.data?.list
    .filter((a) => a.status === 'approved')
    .map((a) => a.id)
    .join(',')
  const seenApproved = useRef<string | undefined>(undefined)
  useEffect(() => {
    if (approvedIds === undefined) return
    if (seenApproved.current !== undefined && seenApproved.current !== approvedIds) onGranted?.()
    seenApproved.current = approvedIds
  }, [approvedIds, onGranted])

  const act = async (work: () => Promise<unknown>, done: string) => {
    try {
      await work()
      notify.success(done)
    } catch (error) {
      notify.error(errorMessage(error))
    }
    await queryClient.invalidateQueries({ queryKey: APPLY_KEY })
  }

  const columns: TableColumnsType<ApplySummary> = [
    { key: 'id', title: t('apply.columns.id'), dataIndex: 'id', width: 70 },
    ...(mode === 'review'
      ? [
          {
            key: 'applicant',
            title: t('apply.columns.applicant'),
            width: 150,
            render: (_: unknown, a: ApplySummary) => (
              <span>
                {a.applicant}
                <br />
                <span className="muted">{[a.applicantName, a.organization].filter(Boolean).join(' · ')}</span>
              </span>
            ),
          },
        ]
      : []),
    { key: 'kind', title: t('apply.columns.kind'), width: 110, render: (_, a) => t(`apply.kinds.${a.kind}`) },
    {
      key: 'module',
      title: t('apply.columns.module'),
      width: 150,
      render: (_, a) => <span data-testid="apply-module-name">{t(permissionNameKey(a.module))}</span>,
    },
    {
      key: 'regions',
      title: t('apply.columns.regions'),
      width: 180,
      render: (_, a) => (
        <Space size={[4, 4]} wrap>
          {a.regionIds.map((code) => (
            <Tag key={code}>{regions.renderName(code)}</Tag>
          ))}
        </Space>
      ),
    },
    { key: 'reason', title: t('apply.columns.reason'), dataIndex: 'reason', width: 220, ellipsis: { showTitle: true } },
    {
      key: 'attachment',
      title: t('apply.columns.attachment'),
      width: 120,
      render: (_, a) =>
        a.attachment ? (
          <Button
            type="link"
            size="small"
            data-testid="apply-download"
            onClick={() => {
              const file = a.attachment
              if (file) void downloadAttachment(file.id, file.fileName).catch((error) => notify.error(errorMessage(error)))
            }}
          >
            {t('apply.download')}
          </Button>
        ) : null,
    },
    { key: 'status', title: t('apply.columns.status'), width: 90, render: (_, a) => <ApplyStatusTag status={a.status} /> },
    {
      key: 'decision',
      title: t('apply.columns.decision'),
      width: 200,
      render: (_, a) =>
        a.reviewer && a.reviewedAt ? (
          <span data-testid="apply-decision">
            {a.rejectReason ? <span>{a.rejectReason}</span> : null}
            <br />
            <span className="muted">{t('apply.decidedBy', { reviewer: a.reviewer, time: formatBeijing(a.reviewedAt) })}</span>
          </span>
        ) : null,
    },
    { key: 'createdAt', title: t('apply.columns.createdAt'), dataIndex: 'createdAt', width: 160, render: (v: string) => formatBeijing(v) },
    {
      key: 'actions',
      title: t('apply.columns.actions'),
      width: 130,
      fixed: 'right',
      render: (_, a) =>
        a.status !== 'pending' ? null : mode === 'mine' ? (
          <Popconfirm title={t('apply.withdrawConfirm')} onConfirm={() => act(() => withdrawApplication(a.id), t('apply.withdrawn'))}>
            <Button type="link" size="small" danger data-testid="apply-withdraw">
              {t('apply.action.withdraw')}
            </Button>
          </Popconfirm>
        ) : (
          <Space size={0}>
            <Popconfirm
              title={t('apply.approveConfirm', { module: t(permissionNameKey(a.module)) })}
              disabled={a.applicant === currentUser}
              onConfirm={() => act(() => reviewApplication(a.id, 'approve'), t('apply.approved', { id: a.id }))}
            >
              <Button
                type="link"
                size="small"
                data-testid="apply-approve"
                disabled={a.applicant === currentUser}
                title={a.applicant === currentUser ? t('apply.errors.selfReview') : undefined}
              >
                {t('apply.action.approve')}
              </Button>
            </Popconfirm>
            <Button
              type="link"
              size="small"
              danger
              data-testid="apply-reject"
              disabled={a.applicant === currentUser}
              title={a.applicant === currentUser ? t('apply.errors.selfReview') : undefined}
              onClick={() => setRejecting(a.id)}
            >
              {t('apply.action.reject')}
            </Button>
          </Space>
        ),
    },
  ]

  return (
    <div data-testid={`apply-list-${mode}`}>
      <Space wrap style={{ marginBottom: 12 }}>
        <Select<ApplyState | 'all'>
          style={{ width: 150 }}
          value={filter.status ?? 'all'}
          aria-label={t('apply.columns.status')}
          data-testid="apply-filter-status"
          onChange={(v) => setFilter((f) => ({ ...f, status: v === 'all' ? undefined : v, pageNum: 1 }))}
          options={[
            { value: 'all', label: t('apply.allStates') },
            ...APPLY_STATES.map((s) => ({ value: s, label: t(`apply.state.${s}`) })),
          ]}
        />
      </Space>
      {list.error != null && <Alert type="error" showIcon title={errorMessage(list.error)} style={{ marginBottom: 8 }} />}
      <Table<ApplySummary>
        size="small"
        rowKey="id"
        loading={list.isLoading}
        columns={columns}
        dataSource={list.data?.list ?? []}
        locale={{ emptyText: t('apply.empty') }}
        scroll={{ x: mode === 'review' ? 1420 : 1270 }}
        pagination={{
          current: filter.pageNum,
          pageSize: filter.pageSize,
          total: list.data?.total ?? 0,
          showTotal: (total) => t('apply.total', { total }),
          onChange: (pageNum, pageSize) => setFilter((f) => ({ ...f, pageNum, pageSize })),
        }}
      />
      <Modal
        title={t('apply.rejectTitle', { id: rejecting ?? '' })}
        open={rejecting !== null}
        onCancel={() => setRejecting(null)}
        okButtonProps={{ danger: true, disabled: reason.trim() === '', ...({ 'data-testid': 'apply-reject-ok' } as object) }}
        onOk={() => {
          const id = rejecting as number
          setRejecting(null)
          void act(() => reviewApplication(id, 'reject', reason.trim()), t('apply.rejected', { id }))
          setReason('')
        }}
      >
        <Input.TextArea
          rows={3}
          value={reason}
          placeholder={t('apply.rejectReasonRequired')}
          onChange={(e) => setReason(e.target.value)}
          data-testid="apply-reject-reason"
        />
      </Modal>
    </div>
  )
}
