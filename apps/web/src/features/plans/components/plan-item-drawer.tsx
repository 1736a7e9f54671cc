import {
  DEFAULT_PLAN_ACQUISITION_TYPE,
  PLAN_ACQUISITION_TYPES,
  PLAN_ALL_MONTHS,
  PLAN_LIMITS,
  type PlanDetail,
  type PlanItem,
  parsePlanMonths,
  planMonthsText,
} from '@rs/shared'
import { useQueryClient } from '@tanstack/react-query'
import { Button, Checkbox, Drawer, Form, Input, InputNumber, Radio, Select, Space } from 'antd'
import { useState } from 'react'
import { errorMessage } from '../../../lib/api-client'
import { useT } from '../../../lib/i18n'
import { notify } from '../../../lib/notify'
import { type PlanCheckBody, saveItem, storePlan } from '../api/plans-api'
import { type AreaDraft, areaOfItem, emptyArea, toPlanArea } from '../utils/plan-area'
import { PlanAreaInput } from './plan-area-input'
import { PlanCheckPanel } from './plan-check-panel'
import type { PlanSlots } from './plan-slots'

const MONTHS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]

interface ItemForm {
  name: string
  resolution: PlanItem['resolution']
  monthsMode: 'all' | 'pick'
  months: number[]
  cjlx: PlanItem['cjlx']
  purpose: string
  ownerUnit: string
  budget: number | null
}

function initialValues(plan: PlanDetail, item: PlanItem | null): ItemForm {
  if (item) {
    const months = parsePlanMonths(item.months) ?? []
    return {
      name: item.name,
      resolution: item.resolution,
      monthsMode: item.months === PLAN_ALL_MONTHS ? 'all' : 'pick',
      months: item.months === PLAN_ALL_MONTHS ? [] : months,
      cjlx: item.cjlx,
      purpose: item.purpose,
      ownerUnit: item.ownerUnit,
      budget: item.budget,
    }
  }
  const last = plan.list[plan.list.length - 1]
  return {
    name: '',
    resolution: plan.yearInfo.resolutionTypes[0] ?? 'm2',
    monthsMode: 'all',
    months: [],
    cjlx: DEFAULT_PLAN_ACQUISITION_TYPE,
    purpose: '',
    // the unit's items mostly share their owner: the last one's is offered
    ownerUnit: last?.ownerUnit ?? '',
    budget: null,
  }
}

/** The months field of the form as the contract writes it ('qb' or '3,4,5'); null while none is chosen. */
export function monthsOf(form: Pick<ItemForm, 'monthsMode' | 'months'>): string | null {
  if (form.monthsMode === 'all') return PLAN_ALL_MONTHS
  return form.months.length > 0 ? planMonthsText(form.months) : null
}

export interface PlanItemDrawerProps {
  plan: PlanDetail
  /** The item to edit; null: a new one. */
  item: PlanItem | null
  open: boolean
  onClose: () => void
  slots: PlanSlots
  tiandituKey: string
}

/**
 * 新增条目 / 修改条目: name, area (regions, drawn or typed polygon, uploaded file), resolution type,
 * months (全部 or chosen months), acquisition type, purpose, owner unit and budget, with the instant
 * check beside them; saving answers the whole plan, which replaces the screen's. The server's
 * refusals are shown as they come.
 */
export function PlanItemDrawer({ plan, item, open, onClose, slots, tiandituKey }: PlanItemDrawerProps) {
  const t = useT()
  const queryClient = useQueryClient()
  const [form] = Form.useForm<ItemForm>()
  const [area, setArea] = useState<AreaDraft>(() => (item ? areaOfItem(item) : emptyArea('region')))
  const [areaError, setAreaError] = useState(false)
  const [isSaving, setSaving] = useState(false)
  const resolution = Form.useWatch('resolution', form)
  const monthsMode = Form.useWatch('monthsMode', form)
  const months = Form.useWatch('months', form)
  const planArea = toPlanArea(area)
  const monthsText = monthsOf({ monthsMode: monthsMode ?? 'all', months: months ?? [] })
  const resolutionTypes = [...new Set([...plan.yearInfo.resolutionTypes, ...(item ? [item.resolution] : [])])]
  const checkBody: PlanCheckBody | null =
    planArea && resolution && monthsText
      ? { year: plan.year, unitRegion: plan.unitRegion, area: planArea, resolution, months: monthsText }
      : null

  async function save() {
    const values = await form.validateFields().catch(() => null)
    setAreaError(planArea === null)
    if (!values || !planArea) return
    setSaving(true)
    try {
      const answer = await saveItem({
        planId: plan.id,
        ...(item ? { id: item.id } : {}),
        name: values.name.trim(),
        area: planArea,
        resolution: values.resolution,
        months: monthsOf(values) ?? PLAN_ALL_MONTHS,
        cjlx: values.cjlx,
        purpose: values.purpose?.trim() ?? '',
        ownerUnit: values.ownerUnit.trim(),
        budget: values.budget ?? 0,
      })
      storePlan(queryClient, answer)
      notify.success(t('plan.fill.saved', { name: values.name.trim() }))
      onClose()
    } catch (error) {
      notify.error(errorMessage(error))
    } finally {
      setSaving(false)
    }
  }

  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={item ? t('plan.fill.editItem') : t('plan.fill.addItem')}
      size={760}
      destroyOnHidden
      maskClosable={!isSaving}
      data-testid="plan-item-drawer"
      footer={
        <Space style={{ display: 'flex', justifyContent: 'flex-end' }}>
          <Button onClick={onClose}>{t('plan.fill.cancel')}</Button>
          <Button type="primary" loading={isSaving} onClick={save} data-testid="plan-item-save">
            {t('plan.fill.save')}
          </Button>
        </Space>
      }
    >
      <PlanCheckPanel body={checkBody} />
      <Form<ItemForm> form={form} layout="vertical" initialValues={initialValues(plan, item)} requiredMark>
        <Form.Item
          name="name"
          label={t('plan.fill.name')}
          rules={[
            {
              required: true,
              whitespace: true,
              max: PLAN_LIMITS.maxNameLength,
              message: t('plan.errors.name', { max: PLAN_LIMITS.maxNameLength }),
            },
          ]}
        >
          <Input maxLength={PLAN_LIMITS.maxNameLength} data-testid="plan-item-name" />
        </Form.Item>
        <Form.Item
          label={t('plan.fill.area')}
          required
          validateStatus={areaError && !planArea ? 'error' : undefined}
          help={areaError && !planArea ? t('plan.errors.noArea') : undefined}
        >
          <PlanAreaInput unitRegion={plan.unitRegion} value={area} onChange={setArea} slots={slots} tiandituKey={tiandituKey} />
        </Form.Item>
        <Space wrap size={16} align="start">
          <Form.Item name="resolution" label={t('plan.fill.resolution')} rules={[{ required: true }]}>
            <Select
              style={{ width: 160 }}
              data-testid="plan-item-resolution"
              options={resolutionTypes.map((r) => ({ value: r, label: t(`plan.resolution.${r}`) }))}
            />
          </Form.Item>
          <Form.Item name="cjlx" label={t('plan.fill.cjlx')} rules={[{ required: true }]}>
            <Select
              style={{ width: 200 }}
              data-testid="plan-item-cjlx"
              options={PLAN_ACQUISITION_TYPES.map((c) => ({ value: c, label: t(`plan.cjlx.${c}`) }))}
            />
          </Form.Item>
          <Form.Item
            name="budget"
            label={t('plan.fill.budget')}
            rules={[{ required: true, type: 'number', min: 0, max: PLAN_LIMITS.maxBudget, message: t('plan.errors.budget') }]}
          >
            <InputNumber min={0} max={PLAN_LIMITS.maxBudget} step={1} precision={2} style={{ width: 160 }} data-testid="plan-item-budget" />
          </Form.Item>
        </Space>
        <Form.Item label={t('plan.fill.months')} required style={{ marginBottom: 8 }}>
          <Form.Item name="monthsMode" noStyle>
            <Radio.Group
              data-testid="plan-item-months-mode"
              options={[
                { value: 'all', label: t('plan.fill.allMonthsOption') },
                { value: 'pick', label: t('plan.fill.pickMonths') },
              ]}
            />
          </Form.Item>
        </Form.Item>
        {monthsMode === 'pick' && (
          <Form.Item name="months" rules={[{ required: true, type: 'array', min: 1, message: t('plan.fill.monthsRequired') }]}>
            <Checkbox.Group
              data-testid="plan-item-months"
              options={MONTHS.map((month) => ({ value: month, label: t('plan.monthName', { month }) }))}
            />
          </Form.Item>
        )}
        <Form.Item name="purpose" label={t('plan.fill.purpose')}>
          <Input.TextArea rows={2} maxLength={PLAN_LIMITS.maxPurposeLength} showCount data-testid="plan-item-purpose" />
        </Form.Item>
        <Form.Item
          name="ownerUnit"
          label={t('plan.fill.ownerUnit')}
          rules={[{ required: true, whitespace: true, message: t('plan.errors.ownerUnit') }]}
        >
          <Input maxLength={PLAN_LIMITS.maxOwnerUnitLength} data-testid="plan-item-owner" />
        </Form.Item>
      </Form>
    </Drawer>
  )
}
