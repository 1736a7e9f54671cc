import type { PlanYear } from '@rs/shared'
import { Descriptions, Tag } from 'antd'
import { useT } from '../../../lib/i18n'
import { listOf } from '../utils/plan-format'
import { YearStateTag } from './plan-tags'

/** What a plan year asks: its state, deadline, the purchase year checked against, the resolution types and the ministry's words. */
export function PlanYearInfo({ year }: { year: PlanYear }) {
  const t = useT()
  return (
    <Descriptions size="small" column={3} bordered data-testid="plan-year-info" styles={{ label: { width: 150 } }}>
      <Descriptions.Item label={t('plan.fill.yearState')}>
        <YearStateTag state={year.state} />
        {year.demo && <Tag>{t('plan.fill.demo')}</Tag>}
      </Descriptions.Item>
      <Descriptions.Item label={t('plan.fill.deadline')}>{year.deadline}</Descriptions.Item>
      <Descriptions.Item label={t('plan.fill.purchaseYear')}>{year.purchaseYear}</Descriptions.Item>
      <Descriptions.Item label={t('plan.fill.resolutionTypes')} span={3}>
        {listOf(
          year.resolutionTypes.map((r) => t(`plan.resolution.${r}`)),
          t,
        )}
      </Descriptions.Item>
      {year.requested && (
        <Descriptions.Item label={t('plan.fill.requested')} span={3}>
          <span style={{ whiteSpace: 'pre-wrap' }} translate="no">
            {year.requested}
          </span>
        </Descriptions.Item>
      )}
    </Descriptions>
  )
}
