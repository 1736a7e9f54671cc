import { Alert, Tabs, Typography } from 'antd'
import { useSearchParams } from 'react-router'
import { errorMessage } from '../../../lib/api-client'
import { useT } from '../../../lib/i18n'
import { usePlanYears } from '../api/plans-api'
import { PlanListTab } from './plan-list-tab'
import type { PlanSlots } from './plan-slots'
import { PlanYearsPanel } from './plan-years-panel'
import { SummarySheetTab } from './summary-sheet-tab'

type Tab = 'list' | 'summarySheet'

/**
 * 规划发布 (/ministryProvince/planPublish, MOD_089): the plan years (open, close, reopen, publish),
 * then two tabs (SPEC §2 planPublish: list, summarySheet), the tab in the address (?tab=summarySheet)
 * so a person can send it: 规划列表 (filters, review drawer) and 汇总表 (with its Excel export).
 */
export function PlanPublishPage({ slots, tiandituKey }: { slots: PlanSlots; tiandituKey: string }) {
  const t = useT()
  const years = usePlanYears()
  const [params, setParams] = useSearchParams()
  const tab: Tab = params.get('tab') === 'summarySheet' ? 'summarySheet' : 'list'
  const yearList = years.data ?? []
  return (
    <div className="page-container" data-testid="plan-publish" style={{ padding: '16px 24px' }}>
      <Typography.Title level={1} style={{ fontSize: 22, marginTop: 0 }}>
        {t('plan.publish.title')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('plan.publish.intro')}</Typography.Paragraph>
      {years.error && <Alert type="error" showIcon title={errorMessage(years.error)} />}
      <PlanYearsPanel years={yearList} isLoading={years.isLoading} />
      <Tabs
        activeKey={tab}
        onChange={(key) =>
          setParams(
            (current) => {
              const next = new URLSearchParams(current)
              if (key === 'list') next.delete('tab')
              else next.set('tab', key)
              return next
            },
            { replace: true },
          )
        }
        items={[
          {
            key: 'list',
            label: t('plan.publish.list'),
            children: <PlanListTab years={yearList} slots={slots} tiandituKey={tiandituKey} />,
          },
          { key: 'summarySheet', label: t('plan.publish.summarySheet'), children: <SummarySheetTab years={yearList} /> },
        ]}
      />
    </div>
  )
}
