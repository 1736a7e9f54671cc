import { PlusOutlined } from '@ant-design/icons'
import type { PlanDetail, PlanItem } from '@rs/shared'
import { Alert, Button, Empty, Popconfirm, Select, Space, Spin, Typography } from 'antd'
import { useEffect, useState } from 'react'
import { useSearchParams } from 'react-router'
import { errorMessage } from '../../../lib/api-client'
import { useT } from '../../../lib/i18n'
import { formatBeijing } from '../../../lib/time'
import { createPlan, deleteItem, submitPlan, usePlanDetail, usePlanYears, useUnitPlanId } from '../api/plans-api'
import { usePlanAction } from '../api/use-plan-action'
import { defaultYear, usePlanFillStore } from '../state/plan-fill-store'
import { PlanItemDrawer } from './plan-item-drawer'
import { PlanItemsView } from './plan-items-view'
import type { PlanSlots } from './plan-slots'
import { PlanStateTag } from './plan-tags'
import { PlanYearInfo } from './plan-year-info'

export interface PlanFillPageProps {
  /** The units the user may fill for: the province, city or county codes of their area ranges. */
  units: readonly string[]
  slots: PlanSlots
  tiandituKey: string
}

/**
 * 规划填报 (/ministryProvince/planFill, MOD_088): a unit chooses a plan year and fills its plan item
 * by item, each checked at once against what the purchase year holds and what other units plan;
 * submits it; sees returned items with their reasons, revises and submits again; after publication
 * starts a new revision. Buttons follow what the server says the caller may do (editable, events).
 */
export function PlanFillPage({ units, slots, tiandituKey }: PlanFillPageProps) {
  const t = useT()
  const years = usePlanYears()
  const store = usePlanFillStore()
  // the choice lives in the address (a reload or a shared link opens the same plan), else the screen's last one
  const [params, setParams] = useSearchParams()
  const asked = Number(params.get('year'))
  const year = defaultYear(years.data ?? [], Number.isInteger(asked) && asked > 0 ? asked : store.year)
  const askedUnit = params.get('unit') ?? store.unitRegion
  const unitRegion = askedUnit && units.includes(askedUnit) ? askedUnit : units[0]
  // the year and unit the screen opened on go into the address too, so a reload stays on them
  useEffect(() => {
    if (year === undefined || !unitRegion || (params.get('year') === String(year) && params.get('unit') === unitRegion)) return
    setParams(
      (p) => {
        const next = new URLSearchParams(p)
        next.set('year', String(year))
        next.set('unit', unitRegion)
        return next
      },
      { replace: true },
    )
  }, [year, unitRegion, params, setParams])
  const choose = (key: 'year' | 'unit', value: string) => {
    if (key === 'year') store.setYear(Number(value))
    else store.setUnitRegion(value)
    setParams(
      (p) => {
        const next = new URLSearchParams(p)
        next.set(key, value)
        return next
      },
      { replace: true },
    )
  }
  const yearInfo = years.data?.find((y) => y.year === year)
  const planId = useUnitPlanId(year, unitRegion)
  const detail = usePlanDetail(planId.data)

  return (
    <div className="page-container" data-testid="plan-fill" style={{ padding: '16px 24px' }}>
      <Typography.Title level={1} style={{ fontSize: 22, marginTop: 0 }}>
        {t('plan.fill.title')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('plan.fill.intro')}</Typography.Paragraph>
      {years.error && <Alert type="error" showIcon title={errorMessage(years.error)} />}
      {units.length === 0 ? (
        <Alert type="warning" showIcon title={t('plan.fill.noUnit')} data-testid="plan-no-unit" />
      ) : years.data && years.data.length === 0 ? (
        <Empty description={t('plan.fill.noYear')} data-testid="plan-no-year" />
      ) : (
        <>
          <Space wrap size={16} style={{ marginBottom: 12 }}>
            <span>
              {t('plan.fill.year')}
              {t('plan.fill.colon')}
              <Select
                aria-label={t('plan.fill.year')}
                style={{ width: 170 }}
                value={year}
                loading={years.isLoading}
                onChange={(value: number) => choose('year', String(value))}
                data-testid="plan-year"
                options={(years.data ?? []).map((y) => ({
                  value: y.year,
                  label: t('plan.fill.yearOption', { year: y.year, state: t(`plan.yearState.${y.state}`) }),
                }))}
              />
            </span>
            <span>
              {t('plan.fill.unit')}
              {t('plan.fill.colon')}
              <Select
                aria-label={t('plan.fill.unit')}
                style={{ width: 200 }}
                value={unitRegion}
                onChange={(value: string) => choose('unit', value)}
                data-testid="plan-unit"
                options={units.map((code) => ({ value: code, label: slots.regionName(code) }))}
              />
            </span>
          </Space>
          {yearInfo && <PlanYearInfo year={yearInfo} />}
          {yearInfo && !yearInfo.takesFilling && yearInfo.state !== 'published' && (
            <Alert style={{ marginTop: 12 }} type="info" showIcon title={t('plan.fill.yearClosed')} />
          )}
          <div style={{ marginTop: 16 }}>
            {planId.isLoading || (planId.data && !detail.data && !detail.error) ? (
              <Spin />
            ) : detail.error ? (
              <Alert type="error" showIcon title={errorMessage(detail.error)} />
            ) : detail.data ? (
              <UnitPlan plan={detail.data} slots={slots} tiandituKey={tiandituKey} />
            ) : (
              year !== undefined && unitRegion && <NoPlan year={year} unitRegion={unitRegion} canStart={Boolean(yearInfo?.takesFilling)} />
            )}
          </div>
        </>
      )}
    </div>
  )
}

/** The unit has no plan for the year: 开始填报 while the year takes plans. */
function NoPlan({ year, unitRegion, canStart }: { year: number; unitRegion: string; canStart: boolean }) {
  const t = useT()
  const action = usePlanAction()
  const start = () =>
    action.run(
      () => createPlan(year, unitRegion),
      (plan) => t('plan.fill.created', { year, revision: plan.revision }),
    )
  return (
    <Empty description={t('plan.fill.noPlan', { year })} data-testid="plan-none">
      <Button type="primary" disabled={!canStart} loading={action.isBusy} onClick={start} data-testid="plan-start">
        {t('plan.fill.create')}
      </Button>
    </Empty>
  )
}

/** The unit's live plan: its state, revisions, returned items, the actions allowed now, the items' table and map. */
function UnitPlan({ plan, slots, tiandituKey }: { plan: PlanDetail; slots: PlanSlots; tiandituKey: string }) {
  const t = useT()
  const [editing, setEditing] = useState<{ item: PlanItem | null } | null>(null)
  const action = usePlanAction()
  const act = action.run
  const returned = plan.list.filter((i) => i.state === 'returned')
  const canSubmit = plan.events.includes('submit')
  const canRevise = plan.live && plan.state === 'published'

  return (
    <section data-testid="unit-plan" aria-label={t('plan.fill.items')}>
      <Space wrap style={{ marginBottom: 12 }} size={12}>
        <Typography.Title level={2} style={{ fontSize: 17, margin: 0 }}>
          {t('plan.fill.items')}
        </Typography.Title>
        <PlanStateTag state={plan.state} />
        <span data-testid="plan-revision">{t('plan.fill.revision', { revision: plan.revision })}</span>
        {plan.submittedAt && (
          <Typography.Text type="secondary">
            {t('plan.fill.submittedAt')}
            {t('plan.fill.colon')}
            {formatBeijing(plan.submittedAt)}
          </Typography.Text>
        )}
        {plan.history.length > 1 && (
          <Typography.Text type="secondary" data-testid="plan-history">
            {t('plan.fill.history')}
            {t('plan.fill.colon')}
            {plan.history.map((h) => `${t('plan.fill.revision', { revision: h.revision })} ${t(`plan.state.${h.state}`)}`).join(' · ')}
          </Typography.Text>
        )}
      </Space>
      <Space wrap style={{ marginBottom: 12, display: 'flex' }}>
        {plan.editable && (
          <Button icon={<PlusOutlined />} onClick={() => setEditing({ item: null })} data-testid="plan-add-item">
            {t('plan.fill.addItem')}
          </Button>
        )}
        {canSubmit && (
          <Popconfirm
            title={t('plan.fill.submitConfirm')}
            onConfirm={() =>
              act(
                () => submitPlan(plan.id),
                () => t('plan.fill.submittedOk'),
              )
            }
            okButtonProps={{ 'data-testid': 'plan-submit-ok' } as never}
          >
            <Button type="primary" loading={action.isBusy} disabled={plan.list.length === 0} data-testid="plan-submit">
              {t('plan.fill.submit')}
            </Button>
          </Popconfirm>
        )}
        {canRevise && (
          <Popconfirm
            title={t('plan.fill.reviseConfirm', { revision: plan.revision + 1 })}
            onConfirm={() =>
              act(
                () => createPlan(plan.year, plan.unitRegion),
                (answer) => t('plan.fill.created', { year: answer.year, revision: answer.revision }),
              )
            }
          >
            <Button loading={action.isBusy} data-testid="plan-revise">
              {t('plan.fill.revise')}
            </Button>
          </Popconfirm>
        )}
        {plan.state === 'submitted' && <Typography.Text type="secondary">{t('plan.fill.submitted')}</Typography.Text>}
      </Space>
      {returned.length > 0 && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 12 }}
          data-testid="plan-returned"
          title={t('plan.fill.returnedAlert', { count: returned.length })}
          description={
            <ul style={{ margin: 0, paddingLeft: 18 }}>
              {returned.map((i) => (
                <li key={i.id}>{t('plan.fill.returnedRow', { name: i.name, reason: i.returnReason ?? '' })}</li>
              ))}
            </ul>
          }
        />
      )}
      <PlanItemsView
        plan={plan}
        tiandituKey={tiandituKey}
        renderActions={
          plan.editable
            ? (item) => (
                <Space size={0}>
                  {item.state !== 'accepted' && (
                    <Button type="link" size="small" onClick={() => setEditing({ item })} data-testid="plan-item-edit">
                      {t('plan.fill.edit')}
                    </Button>
                  )}
                  {(item.state !== 'accepted' || plan.state === 'draft') && (
                    <Popconfirm
                      title={t('plan.fill.deleteConfirm', { name: item.name })}
                      onConfirm={() =>
                        act(
                          () => deleteItem(item.id),
                          () => t('plan.fill.deleted', { name: item.name }),
                        )
                      }
                    >
                      <Button type="link" size="small" danger data-testid="plan-item-delete">
                        {t('plan.fill.deleteItem')}
                      </Button>
                    </Popconfirm>
                  )}
                </Space>
              )
            : undefined
        }
      />
      {editing && (
        <PlanItemDrawer
          key={editing.item?.id ?? 'new'}
          open
          plan={plan}
          item={editing.item}
          onClose={() => setEditing(null)}
          slots={slots}
          tiandituKey={tiandituKey}
        />
      )}
    </section>
  )
}
