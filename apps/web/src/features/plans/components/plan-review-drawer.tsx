import { PLAN_LIMITS, type PlanDetail, type PlanItem } from '@rs/shared'
import { Alert, Button, Descriptions, Drawer, Input, Modal, Popconfirm, Space, Spin } from 'antd'
import { useState } from 'react'
import { errorMessage } from '../../../lib/api-client'
import { useT } from '../../../lib/i18n'
import { formatBeijing } from '../../../lib/time'
import { publishPlan, reviewItem, usePlanDetail } from '../api/plans-api'
import { usePlanAction } from '../api/use-plan-action'
import { PlanItemsView } from './plan-items-view'
import { PlanStateTag } from './plan-tags'

/**
 * One plan for the ministry: its facts, its items on a map and in a table with 通过 / 退回 (a reason
 * asked) per pending item while the plan is under review, and 发布 for an accepted plan. What is
 * offered follows the plan's `events` (nobody reviews a plan they submitted); the server decides.
 */
export function PlanReviewDrawer({ id, onClose, tiandituKey }: { id: number | null; onClose: () => void; tiandituKey: string }) {
  const t = useT()
  const detail = usePlanDetail(id)
  const action = usePlanAction()
  const [returning, setReturning] = useState<PlanItem | null>(null)
  const [reason, setReason] = useState('')
  const plan = detail.data
  const canReview = Boolean(plan && plan.state === 'submitted' && plan.events.includes('accept'))

  const act = (work: () => Promise<PlanDetail>, done: string) => action.run(work, () => done)

  return (
    <Drawer
      open={id !== null}
      onClose={onClose}
      size={1180}
      destroyOnHidden
      data-testid="plan-review"
      title={
        plan ? t('plan.publish.detailTitle', { unit: plan.unitName, year: plan.year, revision: plan.revision }) : t('plan.publish.review')
      }
      extra={
        plan?.events.includes('publish') && (
          <Popconfirm
            title={t('plan.publish.publishPlanConfirm', { revision: plan.revision })}
            onConfirm={() => act(() => publishPlan(plan.id), t('plan.publish.planPublished', { unit: plan.unitName }))}
            okButtonProps={{ 'data-testid': 'plan-publish-ok' } as never}
          >
            <Button type="primary" loading={action.isBusy} data-testid="plan-publish">
              {t('plan.publish.publishPlan')}
            </Button>
          </Popconfirm>
        )
      }
    >
      {detail.error && <Alert type="error" showIcon title={errorMessage(detail.error)} />}
      {!plan ? (
        <Spin />
      ) : (
        <>
          <Descriptions size="small" column={3} bordered style={{ marginBottom: 12 }} data-testid="plan-review-facts">
            <Descriptions.Item label={t('plan.publish.state')}>
              <PlanStateTag state={plan.state} />
            </Descriptions.Item>
            <Descriptions.Item label={t('plan.publish.unitType')}>{t(`plan.unitType.${plan.unitType}`)}</Descriptions.Item>
            <Descriptions.Item label={t('plan.publish.unitCode')}>{plan.unitRegion}</Descriptions.Item>
            <Descriptions.Item label={t('plan.publish.submittedBy')}>{plan.submittedBy ?? '—'}</Descriptions.Item>
            <Descriptions.Item label={t('plan.publish.submittedAt')}>
              {plan.submittedAt ? formatBeijing(plan.submittedAt) : '—'}
            </Descriptions.Item>
            <Descriptions.Item label={t('plan.publish.reviewedBy')}>{plan.reviewedBy ?? '—'}</Descriptions.Item>
          </Descriptions>
          {canReview && <Alert type="info" showIcon style={{ marginBottom: 12 }} title={t('plan.publish.reviewHint')} />}
          {plan.state === 'submitted' && !canReview && (
            <Alert type="warning" showIcon style={{ marginBottom: 12 }} title={t('plan.publish.selfReview')} />
          )}
          <PlanItemsView
            plan={plan}
            tiandituKey={tiandituKey}
            mapHeight={360}
            renderActions={
              canReview
                ? (item) =>
                    item.state === 'pending' && (
                      <Space size={0}>
                        <Popconfirm
                          title={t('plan.publish.acceptConfirm', { name: item.name })}
                          onConfirm={() => act(() => reviewItem(item.id, 'accept'), t('plan.publish.acceptedItem', { name: item.name }))}
                          okButtonProps={{ 'data-testid': 'item-accept-ok' } as never}
                        >
                          <Button type="link" size="small" data-testid="item-accept">
                            {t('plan.publish.accept')}
                          </Button>
                        </Popconfirm>
                        <Button type="link" size="small" danger onClick={() => setReturning(item)} data-testid="item-return">
                          {t('plan.publish.return')}
                        </Button>
                      </Space>
                    )
                : undefined
            }
          />
        </>
      )}
      <Modal
        open={returning !== null}
        title={returning ? t('plan.publish.returnTitle', { name: returning.name }) : ''}
        onCancel={() => setReturning(null)}
        okButtonProps={{ danger: true, disabled: reason.trim() === '', 'data-testid': 'item-return-ok' } as never}
        onOk={() => {
          const item = returning as PlanItem
          setReturning(null)
          setReason('')
          void act(() => reviewItem(item.id, 'return', reason.trim()), t('plan.publish.returnedItem', { name: item.name }))
        }}
      >
        <Input.TextArea
          rows={3}
          value={reason}
          maxLength={PLAN_LIMITS.maxReasonLength}
          showCount
          placeholder={t('plan.publish.returnReason')}
          aria-label={t('plan.publish.returnReason')}
          onChange={(e) => setReason(e.target.value)}
          data-testid="item-return-reason"
        />
      </Modal>
    </Drawer>
  )
}
