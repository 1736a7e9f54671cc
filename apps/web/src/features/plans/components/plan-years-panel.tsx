import { PlusOutlined } from '@ant-design/icons'
import { COVERAGE_CLASS_KEYS, PLAN_LIMITS, type PlanYear, planYearMachine } from '@rs/shared'
import { useQueryClient } from '@tanstack/react-query'
import {
  Alert,
  Button,
  Checkbox,
  DatePicker,
  Form,
  Input,
  InputNumber,
  Modal,
  Popconfirm,
  Space,
  Table,
  type TableColumnsType,
  Typography,
} from 'antd'
import dayjs, { type Dayjs } from 'dayjs'
import { useState } from 'react'
import { errorMessage } from '../../../lib/api-client'
import { useT } from '../../../lib/i18n'
import { notify } from '../../../lib/notify'
import { formatBeijing } from '../../../lib/time'
import { openYear, PLANS_KEY, sendYearEvent, usePlanList } from '../api/plans-api'
import { listOf } from '../utils/plan-format'
import { YearStateTag } from './plan-tags'

type YearEvent = 'close' | 'reopen' | 'publish'

interface OpenYearForm {
  year: number
  deadline: Dayjs
  purchaseYear: number
  requested: string
  resolutionTypes: string[]
}

/**
 * The plan years (规划年度) the ministry opens, closes, reopens and publishes: a table with the
 * events each year's state allows (the shared machine), 开启年度 with its deadline, purchase year,
 * resolution types and what is asked, and a publication confirm that says how many accepted plans
 * go out with the year and how many do not.
 */
export function PlanYearsPanel({ years, isLoading }: { years: readonly PlanYear[]; isLoading: boolean }) {
  const t = useT()
  const queryClient = useQueryClient()
  const [isOpening, setOpening] = useState(false)
  const [publishing, setPublishing] = useState<number | null>(null)

  const send = async (year: number, event: YearEvent) => {
    try {
      const answer = await sendYearEvent(year, event)
      notify.success(
        event === 'publish'
          ? t('plan.publish.publishedPlans', { count: answer.publishedPlans })
          : t('plan.publish.yearEventDone', { year, event: t(`plan.yearEvent.${event}`) }),
      )
    } catch (error) {
      notify.error(errorMessage(error))
    }
    await queryClient.invalidateQueries({ queryKey: PLANS_KEY })
  }

  const columns: TableColumnsType<PlanYear> = [
    { key: 'year', title: t('plan.publish.year'), dataIndex: 'year', width: 80 },
    { key: 'state', title: t('plan.publish.state'), width: 90, render: (_, y) => <YearStateTag state={y.state} /> },
    { key: 'deadline', title: t('plan.publish.deadline'), dataIndex: 'deadline', width: 110 },
    { key: 'purchaseYear', title: t('plan.publish.purchaseYear'), dataIndex: 'purchaseYear', width: 110 },
    {
      key: 'resolutionTypes',
      title: t('plan.publish.resolutionTypes'),
      render: (_, y) =>
        listOf(
          y.resolutionTypes.map((r) => t(`plan.resolution.${r}`)),
          t,
        ),
    },
    { key: 'plans', title: t('plan.publish.plans'), dataIndex: 'plans', width: 80, align: 'right' },
    {
      key: 'publishedAt',
      title: t('plan.publish.publishedAt'),
      width: 160,
      render: (_, y) => (y.publishedAt ? formatBeijing(y.publishedAt) : '—'),
    },
    {
      key: 'actions',
      title: t('plan.publish.actions'),
      width: 240,
      render: (_, y) => (
        <Space size={0} wrap>
          {planYearMachine.eventsFrom(y.state).map((event) =>
            event === 'publish' ? (
              <Button key={event} type="link" size="small" onClick={() => setPublishing(y.year)} data-testid={`year-publish-${y.year}`}>
                {t('plan.yearEvent.publish')}
              </Button>
            ) : (
              <Popconfirm
                key={event}
                title={t(event === 'close' ? 'plan.publish.closeConfirm' : 'plan.publish.reopenConfirm', { year: y.year })}
                onConfirm={() => send(y.year, event as YearEvent)}
              >
                <Button type="link" size="small" data-testid={`year-${event}-${y.year}`}>
                  {t(`plan.yearEvent.${event}`)}
                </Button>
              </Popconfirm>
            ),
          )}
        </Space>
      ),
    },
  ]

  return (
    <section aria-label={t('plan.publish.years')} data-testid="plan-years" style={{ marginBottom: 20 }}>
      <Space style={{ marginBottom: 8 }}>
        <Typography.Title level={2} style={{ fontSize: 17, margin: 0 }}>
          {t('plan.publish.years')}
        </Typography.Title>
        <Button type="primary" size="small" icon={<PlusOutlined />} onClick={() => setOpening(true)} data-testid="year-open">
          {t('plan.publish.openYear')}
        </Button>
      </Space>
      <Table<PlanYear>
        size="small"
        rowKey="year"
        columns={columns}
        dataSource={years as PlanYear[]}
        loading={isLoading}
        pagination={false}
        locale={{ emptyText: t('plan.publish.noYears') }}
        scroll={{ x: 1000 }}
      />
      {isOpening && <OpenYearModal years={years} onClose={() => setOpening(false)} />}
      {publishing !== null && (
        <PublishYearModal
          year={publishing}
          onCancel={() => setPublishing(null)}
          onConfirm={async () => {
            const year = publishing
            setPublishing(null)
            await send(year, 'publish')
          }}
        />
      )}
    </section>
  )
}

/** 开启年度: the next year by default, its deadline, the purchase year before it, every resolution type. */
function OpenYearModal({ years, onClose }: { years: readonly PlanYear[]; onClose: () => void }) {
  const t = useT()
  const queryClient = useQueryClient()
  const [form] = Form.useForm<OpenYearForm>()
  const [error, setError] = useState<string | null>(null)
  const [isBusy, setBusy] = useState(false)
  const next = Math.max(new Date().getFullYear() + 1, ...years.map((y) => y.year + 1))

  const submit = async () => {
    const values = await form.validateFields().catch(() => null)
    if (!values) return
    setBusy(true)
    setError(null)
    try {
      const answer = await openYear({
        year: values.year,
        deadline: values.deadline.format('YYYY-MM-DD'),
        purchaseYear: values.purchaseYear,
        requested: values.requested?.trim() ?? '',
        resolutionTypes: values.resolutionTypes as never,
      })
      notify.success(t('plan.publish.yearOpened', { year: answer.year }))
      await queryClient.invalidateQueries({ queryKey: PLANS_KEY })
      onClose()
    } catch (e) {
      setError(errorMessage(e))
    } finally {
      setBusy(false)
    }
  }

  return (
    <Modal
      open
      title={t('plan.publish.openYear')}
      onCancel={onClose}
      onOk={submit}
      confirmLoading={isBusy}
      okButtonProps={{ 'data-testid': 'year-open-ok' } as never}
      destroyOnHidden
      width={600}
    >
      <Form<OpenYearForm>
        form={form}
        layout="vertical"
        initialValues={{ year: next, purchaseYear: next - 1, requested: '', resolutionTypes: [...COVERAGE_CLASS_KEYS] }}
      >
        <Space size={16} wrap>
          <Form.Item name="year" label={t('plan.publish.year')} rules={[{ required: true, message: t('plan.errors.badYear') }]}>
            <InputNumber min={PLAN_LIMITS.minYear} max={PLAN_LIMITS.maxYear} precision={0} data-testid="year-open-year" />
          </Form.Item>
          <Form.Item name="deadline" label={t('plan.publish.deadline')} rules={[{ required: true, message: t('plan.errors.badDeadline') }]}>
            <DatePicker format="YYYY-MM-DD" disabledDate={(day) => day.isBefore(dayjs().startOf('day'))} data-testid="year-open-deadline" />
          </Form.Item>
          <Form.Item
            name="purchaseYear"
            label={t('plan.publish.purchaseYear')}
            rules={[{ required: true, message: t('plan.errors.badYear') }]}
          >
            <InputNumber min={PLAN_LIMITS.minYear} max={PLAN_LIMITS.maxYear} precision={0} data-testid="year-open-purchase" />
          </Form.Item>
        </Space>
        <Form.Item
          name="resolutionTypes"
          label={t('plan.publish.resolutionTypes')}
          rules={[{ required: true, type: 'array', min: 1, message: t('plan.errors.badResolution') }]}
        >
          <Checkbox.Group options={COVERAGE_CLASS_KEYS.map((r) => ({ value: r, label: t(`plan.resolution.${r}`) }))} />
        </Form.Item>
        <Form.Item name="requested" label={t('plan.publish.requested')}>
          <Input.TextArea rows={3} maxLength={500} showCount data-testid="year-open-requested" />
        </Form.Item>
      </Form>
      {error && <Alert type="error" showIcon title={error} data-testid="year-open-error" />}
    </Modal>
  )
}

/** The year's publication: how many accepted plans go out with it and how many live plans do not. */
function PublishYearModal({ year, onCancel, onConfirm }: { year: number; onCancel: () => void; onConfirm: () => void }) {
  const t = useT()
  const one = { year, pageNum: 1, pageSize: 1 }
  const all = usePlanList(one)
  const accepted = usePlanList({ ...one, state: 'accepted' })
  const published = usePlanList({ ...one, state: 'published' })
  const counts =
    all.data && accepted.data && published.data
      ? { accepted: accepted.data.total, notIncluded: all.data.total - accepted.data.total - published.data.total }
      : null
  return (
    <Modal
      open
      title={t('plan.yearEvent.publish')}
      onCancel={onCancel}
      onOk={onConfirm}
      okButtonProps={{ disabled: !counts || counts.accepted === 0, 'data-testid': 'year-publish-ok' } as never}
    >
      <p>{t('plan.publish.publishYearConfirm', { year })}</p>
      {!counts ? (
        <p>{t('plan.publish.counting')}</p>
      ) : (
        <div data-testid="year-publish-counts">
          <p>{t('plan.publish.includedPlans', { count: counts.accepted })}</p>
          {counts.notIncluded > 0 && <Alert type="warning" showIcon title={t('plan.publish.notIncluded', { count: counts.notIncluded })} />}
        </div>
      )}
    </Modal>
  )
}
