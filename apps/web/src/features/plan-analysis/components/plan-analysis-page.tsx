import { canSeeRegion, type PlanAnalysisRow, type PlanOverlap, regionLevel, WHOLE_COUNTRY_CODE } from '@rs/shared'
import { Alert, Button, Col, Row, Segmented, Space, Statistic, Tag, Typography } from 'antd'
import { type ReactNode, useMemo, useRef, useState } from 'react'
import { useSearchParams } from 'react-router'
import { errorMessage } from '../../../lib/api-client'
import { useT } from '../../../lib/i18n'
import { usePlanAnalysis } from '../api/fetch-plan-analysis'
import { type PlanItemProperties, type PlanOverlapProperties, usePlanFeatures } from '../api/fetch-plan-features'
import { usePlanYears } from '../api/fetch-plan-years'
import { useRegionParent } from '../api/fetch-region-parent'
import { cellsInNote } from '../utils/analysis-chart'
import {
  type AnalysisQuestion,
  analysisQuery,
  changeQuestion,
  featuresQuery,
  parseQuestion,
  questionParams,
} from '../utils/analysis-question'
import { AnalysisControls } from './analysis-controls'
import { AnalysisMap, type AnalysisMapHandle, type MapMeasure } from './analysis-map'
import { OverlapPairs, pairKey } from './overlap-pairs'
import { RegionFigures } from './region-figures'
import { RowDetail } from './row-detail'

export interface PlanAnalysisPageProps {
  tiandituKey: string
  /** The caller's area-range regions (SPEC §5); the first is the home region unless the whole country is among them. */
  areaRegionIds: readonly string[]
  /** The region picker, composed by the route. */
  regionPicker: (value: string, onChange: (code: string) => void) => ReactNode
  /** Purchase years offered up to this one (the current Beijing year). */
  thisYear: number
}

/** Purchase years offered: from this one back to 2015 (and any the address asks for). */
const FIRST_PURCHASE_YEAR = 2015

/**
 * 统筹分析 (/overallPlan/overallAnalysis, MOD_086): where the units' plans of a year lie, what the
 * purchase year's imagery already holds of them and what is newly needed, per child region (区域汇总:
 * map, charts, table, exports), where different units' plans overlap (规划重叠: the overlaps on the
 * map and their list), and two plan years side by side with a swipe (年度对比). The question lives in
 * the address (shareable, kept on reload); the server answers only inside the caller's area ranges.
 */
export function PlanAnalysisPage({ tiandituKey, areaRegionIds, regionPicker, thisYear }: PlanAnalysisPageProps) {
  const t = useT()
  const [params, setParams] = useSearchParams()
  const home = canSeeRegion(areaRegionIds, WHOLE_COUNTRY_CODE) ? WHOLE_COUNTRY_CODE : (areaRegionIds[0] ?? WHOLE_COUNTRY_CODE)
  const years = usePlanYears()
  const yearOf = (year: number) => years.data?.find((y) => y.year === year)
  const context = { home, purchaseYearOf: (year: number) => yearOf(year)?.purchaseYear }
  const q = parseQuestion(params, context)
  const ask = (change: Partial<AnalysisQuestion>) =>
    setParams(questionParams(changeQuestion(q, change, context), context), { replace: true })
  // the years list names each year's purchase year, which the question defaults to: it is asked first
  const isReady = !years.isPending

  const isCompare = q.yearOption === 2
  const isOverlaps = q.analysisOption === 2
  const analysis = usePlanAnalysis(isReady ? analysisQuery(q) : null)
  // the owners to offer: the units of the question without the owners filter (the same answer when none is set)
  const unfiltered = usePlanAnalysis(isReady && q.owners.length > 0 ? analysisQuery({ ...q, owners: [] }) : null)
  const data = analysis.data
  const showItems = !q.overlap
  const showOverlaps = q.overlap || isOverlaps
  const items = usePlanFeatures<PlanItemProperties>(showItems ? featuresQuery(q, { year: q.planYear, overlap: false }) : null)
  const overlaps = usePlanFeatures<PlanOverlapProperties>(showOverlaps ? featuresQuery(q, { year: q.planYear, overlap: true }) : null)
  const compareItems = usePlanFeatures<PlanItemProperties>(
    isCompare && showItems ? featuresQuery(q, { year: q.compareYear, overlap: false }) : null,
  )
  const compareOverlaps = usePlanFeatures<PlanOverlapProperties>(
    isCompare && showOverlaps ? featuresQuery(q, { year: q.compareYear, overlap: true }) : null,
  )
  const detail = usePlanFeatures<PlanItemProperties>(
    q.detail ? featuresQuery(q, { year: q.planYear, overlap: false, regionId: q.detail }) : null,
  )
  const parent = useRegionParent(q.regionId)
  const mapHandle = useRef<AnalysisMapHandle>(null)
  const [chosenPair, setChosenPair] = useState<string | null>(null)

  const regionName = q.regionId === WHOLE_COUNTRY_CODE ? t('plan.analysis.country') : (data?.region.name ?? q.regionId)
  const canGoUp = q.regionId !== home && parent.data !== undefined && canSeeRegion(areaRegionIds, parent.data)
  const isDrillable = (row: PlanAnalysisRow) => row.code !== q.regionId && regionLevel(row.code) !== 'county'
  const handleRegion = (code: string) => {
    const row = data?.rows.find((r) => r.code === code) ?? data?.compare?.rows.find((r) => r.code === code)
    if (!row) return
    if (isDrillable(row)) ask({ regionId: code })
    else ask({ detail: code })
  }
  const detailName = q.detail
    ? ([...(data?.rows ?? []), ...(data?.compare?.rows ?? [])].find((r) => r.code === q.detail)?.name ?? q.detail)
    : ''

  const planYears = useMemo(
    () => [...new Set([...(years.data ?? []).map((y) => y.year), q.planYear, ...(isCompare ? [q.compareYear] : [])])].sort((a, b) => b - a),
    [years.data, q.planYear, q.compareYear, isCompare],
  )
  const purchaseYears = useMemo(() => {
    const list = Array.from({ length: Math.max(1, thisYear - FIRST_PURCHASE_YEAR + 1) }, (_, i) => thisYear - i)
    return [...new Set([...list, q.purchaseYear])].sort((a, b) => b - a)
  }, [thisYear, q.purchaseYear])
  const owners = (q.owners.length > 0 ? unfiltered.data?.owners : data?.owners) ?? data?.owners ?? []
  const isDemo = Boolean(yearOf(q.planYear)?.demo || (isCompare && yearOf(q.compareYear)?.demo))
  const cells = data ? cellsInNote(data.cellNote) : null
  const counted = data ? (cells === null ? data.cellNote : t('plan.analysis.cellNote', { cells })) : ''
  const measure: MapMeasure = isOverlaps ? 'overlap' : q.measure
  const measureLabel = t(
    measure === 'overlap' ? 'plan.analysis.key.overlap' : measure === 'planned' ? 'plan.analysis.key.planned' : 'plan.analysis.key.newNeed',
  )

  const handlePair = (pair: PlanOverlap) => {
    setChosenPair(pairKey(pair))
    mapHandle.current?.zoomToOverlap(pair.a.itemId, pair.b.itemId)
  }

  return (
    <div className="page-container" data-testid="plan-analysis-page" style={{ padding: '16px 24px' }}>
      <Typography.Title level={1} style={{ fontSize: 22, marginTop: 0 }}>
        {t('plan.analysis.title')}
        {isDemo && (
          <Tag color="gold" style={{ marginLeft: 8, verticalAlign: 'middle' }}>
            {t('app.demoData')}
          </Tag>
        )}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('plan.analysis.intro')}</Typography.Paragraph>

      <AnalysisControls
        question={q}
        onChange={ask}
        planYears={planYears}
        purchaseYears={purchaseYears}
        owners={owners}
        regionPicker={regionPicker(q.regionId, (code) => ask({ regionId: code }))}
      />

      {isDemo && (
        <Alert type="info" showIcon title={t('plan.analysis.demoNote')} style={{ marginBottom: 12 }} data-testid="analysis-demo" />
      )}
      {analysis.error && (
        <Alert type="error" showIcon title={errorMessage(analysis.error)} style={{ marginBottom: 12 }} data-testid="analysis-error" />
      )}

      {data && (
        <>
          <Typography.Title level={2} style={{ fontSize: 18 }} data-testid="analysis-heading">
            {isCompare && data.compare
              ? t('plan.analysis.headingCompare', {
                  region: regionName,
                  year: data.planYear,
                  compareYear: data.compare.year,
                  purchaseYear: data.purchaseYear,
                })
              : t('plan.analysis.heading', { region: regionName, year: data.planYear, purchaseYear: data.purchaseYear })}
          </Typography.Title>
          <Row gutter={[16, 8]} style={{ marginBottom: 12 }} data-testid="analysis-key-figures">
            {(
              [
                ['items', data.total.items, 0],
                ['planned', data.total.plannedKm2, 2],
                ['held', data.total.heldKm2, 2],
                ['newNeed', data.total.newNeedKm2, 2],
                ['overlap', data.total.overlapKm2, 2],
                ['budget', data.total.budget, 2],
              ] as const
            ).map(([key, value, precision]) => (
              <Col key={key} xs={12} sm={8} md={4}>
                <Statistic
                  title={t(`plan.analysis.key.${key}`)}
                  value={value}
                  precision={precision}
                  groupSeparator=","
                  data-testid={`key-${key}`}
                  styles={{ content: { fontSize: 20 } }}
                />
              </Col>
            ))}
          </Row>
        </>
      )}

      <Space wrap style={{ marginBottom: 8 }}>
        <Typography.Text strong data-testid="current-region">
          {regionName}
        </Typography.Text>
        {canGoUp && (
          <Button size="small" onClick={() => ask({ regionId: parent.data as string })} data-testid="drill-up">
            {t('plan.analysis.back')}
          </Button>
        )}
        {!isOverlaps && (
          <Space size={6}>
            <span>{t('plan.analysis.measure')}</span>
            <Segmented
              size="small"
              data-testid="analysis-measure"
              value={q.measure}
              options={[
                { value: 'newNeed', label: t('plan.analysis.measureNewNeed') },
                { value: 'planned', label: t('plan.analysis.measurePlanned') },
              ]}
              onChange={(v) => ask({ measure: v as AnalysisQuestion['measure'] })}
            />
          </Space>
        )}
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t('plan.analysis.drillHint')}
        </Typography.Text>
      </Space>

      <AnalysisMap
        ref={mapHandle}
        tiandituKey={tiandituKey}
        regionId={q.regionId}
        measure={measure}
        measureLabel={measureLabel}
        main={{ year: q.planYear, rows: data?.rows ?? [], items: items.data, overlaps: overlaps.data }}
        compare={
          isCompare
            ? { year: q.compareYear, rows: data?.compare?.rows ?? [], items: compareItems.data, overlaps: compareOverlaps.data }
            : null
        }
        showItems={showItems}
        showOverlaps={showOverlaps}
        onRegionClick={handleRegion}
      />

      <div style={{ display: 'grid', gap: 16, marginTop: 16 }}>
        {data && isOverlaps && (
          <OverlapPairs data={data} isLoading={analysis.isFetching} regionName={regionName} chosen={chosenPair} onPairClick={handlePair} />
        )}
        {data && (
          <RegionFigures
            data={data}
            isLoading={analysis.isFetching}
            regionName={regionName}
            counted={counted}
            hasCharts={!isOverlaps}
            onRowClick={(row) => handleRegion(row.code)}
            isRowClickable={() => true}
            onDetail={(row) => ask({ detail: row.code })}
          >
            {q.detail && (
              <RowDetail
                regionName={detailName}
                year={q.planYear}
                items={detail.data}
                isLoading={detail.isFetching}
                onItemClick={(item) => mapHandle.current?.zoomToItem(item.id)}
                onClose={() => ask({ detail: null })}
              />
            )}
          </RegionFigures>
        )}
        {data && (
          <Typography.Paragraph type="secondary" style={{ fontSize: 12 }} data-testid="analysis-note">
            {counted}
          </Typography.Paragraph>
        )}
      </div>
    </div>
  )
}
