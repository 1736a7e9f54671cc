import { Alert, Card, Progress, Space, Spin, Typography } from 'antd'
import { errorMessage } from '../../../lib/api-client'
import { useT } from '../../../lib/i18n'
import { type PlanCheckBody, usePlanCheck } from '../api/plans-api'
import { OVERLAP_COLOR } from '../map/plan-items-layer'
import { km2 } from '../utils/plan-format'
import { useDebouncedValue } from '../utils/use-debounced-value'

/** Milliseconds the form waits after the last change before it asks the check. */
export const CHECK_DELAY_MS = 400

/**
 * The form's instant check (POST /api/plan-collaborative/check), asked once the area, resolution or
 * months stop changing: the area, the part outside the unit (a warning), what the purchase year
 * already holds (archive and own imagery) and the other units planning the same area. A refusal
 * (a crossing polygon, regions outside the unit) shows the server's words.
 */
export function PlanCheckPanel({ body }: { body: PlanCheckBody | null }) {
  const t = useT()
  const settled = useDebouncedValue(body, CHECK_DELAY_MS)
  const check = usePlanCheck(settled)
  const data = check.data
  const isWaiting = body !== null && (JSON.stringify(body) !== JSON.stringify(settled) || check.isFetching)
  return (
    // stays in view above the fields while the person edits them (-24: flush with the drawer body's padding)
    <Card
      size="small"
      title={t('plan.fill.checkTitle')}
      data-testid="plan-check"
      style={{ marginBottom: 16, position: 'sticky', top: -24, zIndex: 5, boxShadow: '0 2px 6px rgba(0, 0, 0, 0.06)' }}
    >
      {body === null ? (
        <Typography.Text type="secondary">{t('plan.fill.checkIdle')}</Typography.Text>
      ) : check.error && !isWaiting ? (
        <Alert type="error" showIcon title={errorMessage(check.error)} data-testid="plan-check-error" />
      ) : !data ? (
        <Space>
          <Spin size="small" />
          <span>{t('plan.fill.checking')}</span>
        </Space>
      ) : (
        <Spin spinning={isWaiting} size="small">
          <Space orientation="vertical" size={6} style={{ width: '100%' }}>
            <div data-testid="check-area">
              <Typography.Text strong>
                {t('plan.fill.areaKm2')}
                {t('plan.fill.colon')}
              </Typography.Text>
              {km2(data.areaKm2)}
            </div>
            {data.outsideKm2 > 0 && (
              <Alert type="warning" showIcon title={t('plan.fill.outside', { area: km2(data.outsideKm2) })} data-testid="check-outside" />
            )}
            <div data-testid="check-held">
              {t('plan.fill.heldDetail', {
                year: data.held.purchaseYear,
                percent: data.held.percent.toFixed(1),
                archive: km2(data.held.archiveKm2),
                local: km2(data.held.localKm2),
              })}
              <Progress percent={Math.round(data.held.percent * 10) / 10} size="small" showInfo={false} />
            </div>
            <div data-testid="check-overlaps">
              <Typography.Text strong>
                {t('plan.fill.overlapWith')}
                {t('plan.fill.colon')}
              </Typography.Text>
              {data.overlaps.length === 0 ? (
                t('plan.fill.overlapNone')
              ) : (
                <ul style={{ margin: '4px 0 0', paddingLeft: 18, color: OVERLAP_COLOR }}>
                  {data.overlaps.map((o) => (
                    <li key={o.itemId}>{t('plan.fill.overlapRow', { unit: o.unitName, item: o.itemName, area: km2(o.areaKm2) })}</li>
                  ))}
                </ul>
              )}
            </div>
          </Space>
        </Spin>
      )}
    </Card>
  )
}
