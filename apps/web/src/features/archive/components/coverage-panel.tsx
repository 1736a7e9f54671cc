import { CheckSquareOutlined, ShoppingCartOutlined } from '@ant-design/icons'
import { ARCHIVE_LIMITS, type CoverageAnswer } from '@rs/shared'
import { Alert, Button, Empty, Progress, Spin, Statistic, Table, Typography } from 'antd'
import { errorMessage } from '../../../lib/api-client'
import { addToCart } from '../../../lib/cart'
import { useT } from '../../../lib/i18n'
import { notify } from '../../../lib/notify'
import { useResultStore } from '../state/result-store'
import { formatKm2, formatPercent } from '../utils/format'

export interface CoveragePanelProps {
  hasQuery: boolean
  /** The search is a FILE list: it has no area, so there is nothing to analyse (a note, not an error). */
  isFileList?: boolean
  answer: CoverageAnswer | undefined
  isFetching: boolean
  error: unknown
  checkedCount: number
}

/**
 * COVERAGE tab: the covered share of the area by the results (checked or all matching, up to the
 * cap), the per-region table, the gaps (drawn on the map by the screen) and the fewest-scenes cover
 * with a button that checks exactly those scenes. Notes (gaps shown, a FILE list has no area) are
 * information; only a failed analysis is an error.
 */
export function CoveragePanel({ hasQuery, isFileList = false, answer, isFetching, error, checkedCount }: CoveragePanelProps) {
  const t = useT()
  const checkOnly = useResultStore((s) => s.checkOnly)
  if (!hasQuery) return <Empty description={t('archivePage.coverage.needRun')} />
  if (isFileList) return <Alert type="info" showIcon title={t('archivePage.coverage.fileList')} data-testid="coverage-file-list" />
  if (error) return <Alert type="error" showIcon title={errorMessage(error)} data-testid="coverage-error" />
  if (!answer)
    return (
      <div style={{ textAlign: 'center', padding: 32 }}>
        <Spin /> <div style={{ marginTop: 8 }}>{t('archivePage.coverage.running')}</div>
      </div>
    )

  return (
    <div data-testid="coverage-panel" style={{ opacity: isFetching ? 0.6 : 1 }}>
      <Typography.Paragraph type="secondary" style={{ fontSize: 12 }}>
        {checkedCount > 0
          ? t('archivePage.coverage.scopeChecked', { count: checkedCount })
          : t('archivePage.coverage.scopeAll', { max: ARCHIVE_LIMITS.maxCoverageScenes })}
      </Typography.Paragraph>
      <div style={{ display: 'flex', gap: 16, alignItems: 'center', marginBottom: 12 }}>
        <Progress type="circle" size={96} percent={Math.round(answer.percent * 10) / 10} format={() => formatPercent(answer.percent)} />
        <div style={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 8, flex: 1 }}>
          <Statistic
            title={t('archivePage.coverage.aoiArea')}
            value={formatKm2(answer.aoiAreaKm2)}
            suffix="km²"
            data-testid="coverage-aoi"
          />
          <Statistic
            title={t('archivePage.coverage.coveredArea')}
            value={formatKm2(answer.coveredAreaKm2)}
            suffix="km²"
            data-testid="coverage-covered"
          />
          <Statistic title={t('archivePage.coverage.percent')} value={formatPercent(answer.percent)} data-testid="coverage-percent" />
          <Statistic
            title={t('archivePage.coverage.sceneCount')}
            value={t('archivePage.coverage.sceneCountValue', { count: answer.sceneCount })}
          />
        </div>
      </div>
      {answer.truncated && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 8 }}
          title={t('archivePage.coverage.truncated', { max: ARCHIVE_LIMITS.maxCoverageScenes })}
        />
      )}
      <Alert
        type={answer.gaps ? 'info' : 'success'}
        showIcon
        style={{ marginBottom: 8 }}
        title={answer.gaps ? t('archivePage.coverage.gaps') : t('archivePage.coverage.noGaps')}
        data-testid="coverage-gaps"
      />
      <div style={{ display: 'flex', alignItems: 'center', gap: 8, marginBottom: 12, flexWrap: 'wrap' }} data-testid="coverage-cover">
        <span>{t('archivePage.coverage.cover', { count: answer.cover.ids.length, percent: formatPercent(answer.cover.percent) })}</span>
        <Button
          size="small"
          type="primary"
          icon={<CheckSquareOutlined />}
          disabled={answer.cover.ids.length === 0}
          data-testid="coverage-check-cover"
          onClick={() => {
            checkOnly(answer.cover.ids)
            notify.success(t('archivePage.coverage.coverChecked', { count: answer.cover.ids.length }))
          }}
        >
          {t('archivePage.coverage.checkCover', { count: answer.cover.ids.length })}
        </Button>
        <Button
          size="small"
          icon={<ShoppingCartOutlined />}
          disabled={answer.cover.ids.length === 0}
          data-testid="coverage-cart-cover"
          onClick={() => void addToCart(answer.cover.ids)}
        >
          {t('order.cart.addCover')}
        </Button>
      </div>
      <Table
        size="small"
        rowKey="code"
        data-testid="coverage-regions"
        title={() => t(`archivePage.coverage.regions.${answer.regionLevel}`)}
        dataSource={answer.regions}
        pagination={{ pageSize: 10, size: 'small', hideOnSinglePage: true }}
        columns={[
          { title: t('archivePage.coverage.columns.name'), dataIndex: 'name', ellipsis: true },
          { title: t('archivePage.coverage.columns.area'), dataIndex: 'areaKm2', render: (v: number) => formatKm2(v), align: 'right' },
          {
            title: t('archivePage.coverage.columns.covered'),
            dataIndex: 'coveredKm2',
            render: (v: number) => formatKm2(v),
            align: 'right',
          },
          {
            title: t('archivePage.coverage.columns.percent'),
            dataIndex: 'percent',
            render: (v: number) => formatPercent(v),
            align: 'right',
          },
        ]}
      />
    </div>
  )
}
