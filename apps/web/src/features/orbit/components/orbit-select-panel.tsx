import { DEFAULT_MIN_SUN_ELEVATION_DEG, ORBIT_LIMITS, type OrbitTle, punctuationNow, TLE_OLD_DAYS } from '@rs/shared'
import { Alert, Button, DatePicker, Empty, Form, InputNumber, List, Progress, Segmented, Space, Tag, TreeSelect, Typography } from 'antd'
import dayjs from 'dayjs'
import timezone from 'dayjs/plugin/timezone'
import utc from 'dayjs/plugin/utc'
import { type ReactNode, useEffect, useMemo, useState } from 'react'
import { useT } from '../../../lib/i18n'
import { BEIJING_ZONE, formatBeijing } from '../../../lib/time'
import { useOrbitCatalogue, useOrbitElements, usePredictions } from '../api/orbit-api'
import { useOrbitStore } from '../state/orbit-store'

dayjs.extend(utc)
dayjs.extend(timezone)

/** A running prediction's progress: elapsed time against the expected time (about 30 ms per satellite-day here), held under 95 % until the answer. */
function RunningProgress({ expectedMs }: { expectedMs: number }) {
  const t = useT()
  const [percent, setPercent] = useState(0)
  useEffect(() => {
    const started = performance.now()
    const timer = setInterval(() => setPercent(Math.min(95, Math.round(((performance.now() - started) / expectedMs) * 100))), 100)
    return () => clearInterval(timer)
  }, [expectedMs])
  return (
    <div data-testid="orbit-progress">
      <Progress percent={percent} status="active" size="small" />
      <Typography.Text type="secondary">{t('orbit.select.running')}</Typography.Text>
    </div>
  )
}

/**
 * The SELECT tab: satellites from the catalogue grouped by type and resolution (several at once,
 * each series' element epoch and age shown, old ones warned), the time window (Beijing time, at
 * most ORBIT_LIMITS.maxWindowDays), the area (the shared widget the screen hands in, or a point of
 * interest), the maximum roll (each satellite's own by default) and the minimum sun elevation for
 * optical and hyperspectral sensors (DEFAULT_MIN_SUN_ELEVATION_DEG at first; cleared: none); start, with progress; the user's kept predictions.
 */
export function OrbitSelectPanel({ areaWidget, hasArea, onStart }: { areaWidget: ReactNode; hasArea: boolean; onStart: () => void }) {
  const t = useT()
  const catalogue = useOrbitCatalogue()
  const elements = useOrbitElements()
  const history = usePredictions()
  const { params, setParams, areaKind, setAreaKind, poi, setPoi, started, open } = useOrbitStore()

  const bySlug = useMemo(() => {
    const m = new Map<string, OrbitTle[]>()
    for (const e of elements.data ?? []) m.set(e.slug, [...(m.get(e.slug) ?? []), e])
    return m
  }, [elements.data])

  // type → resolution → satellites; series without elements cannot be predicted and are left out
  const tree = useMemo(() => {
    const entries = (catalogue.data ?? []).filter((c) => bySlug.has(c.value))
    return ([1, 2, 3] as const)
      .map((type) => ({
        title: t(`orbit.select.type.${type}`),
        value: `type-${type}`,
        key: `type-${type}`,
        children: ([1, 2, 3, 4] as const)
          .map((res) => ({
            title: t(`orbit.select.resolution.${res}`),
            value: `res-${type}-${res}`,
            key: `res-${type}-${res}`,
            children: entries
              .filter((c) => c.type === type && c.resolution === res)
              .map((c) => ({ title: c.label, value: c.value, key: c.value })),
          }))
          .filter((g) => g.children.length > 0),
      }))
      .filter((g) => g.children.length > 0)
  }, [catalogue.data, bySlug, t])

  const chosenElements = params.satellites.flatMap((s) => bySlug.get(s) ?? [])
  const oldOnes = chosenElements.filter((e) => e.isOld)
  // members whose facts give no swath: no reach, so no pass can be predicted; named before the start
  const noSwath = chosenElements.filter((e) => e.swathKm === null)
  const days = params.start && params.end ? (Date.parse(params.end) - Date.parse(params.start)) / 86_400_000 : 0
  const missing = params.satellites.length === 0 ? 'noSatellite' : !params.start || !params.end ? 'noWindow' : !hasArea ? 'noArea' : null

  return (
    <div data-testid="orbit-select">
      <Form layout="vertical" size="small">
        <Form.Item label={t('orbit.select.satellites')} extra={t('orbit.select.satellitesHint')}>
          <TreeSelect
            data-testid="orbit-satellites"
            treeData={tree}
            value={params.satellites}
            onChange={(values: string[]) =>
              setParams({ satellites: values.filter((v) => !v.startsWith('type-') && !v.startsWith('res-')) })
            }
            treeCheckable
            showCheckedStrategy={TreeSelect.SHOW_CHILD}
            placeholder={t('orbit.select.noSatellite')}
            aria-label={t('orbit.select.noSatellite')}
            treeDefaultExpandAll
            showSearch
            treeNodeFilterProp="title"
            virtual={false}
            listHeight={360}
            maxTagCount={6}
            style={{ width: '100%' }}
            loading={catalogue.isLoading || elements.isLoading}
          />
        </Form.Item>
        {chosenElements.length > 0 && (
          <div data-testid="orbit-elements" style={{ marginTop: -8, marginBottom: 12, fontSize: 12 }}>
            <Typography.Text type="secondary">{punctuationNow().label(t('orbit.select.tleEpoch'))}</Typography.Text>
            {chosenElements.slice(0, 12).map((e) => (
              <Tag key={e.noradId} color={e.isOld ? 'orange' : 'green'} style={{ marginBottom: 4 }}>
                {e.satellite} {formatBeijing(e.epoch, 'YYYY-MM-DD')}
                {punctuationNow().paren(t('orbit.select.tleAge', { days: Math.round(e.ageDays) }))}
              </Tag>
            ))}
            {chosenElements.length > 12 && <Tag>+{chosenElements.length - 12}</Tag>}
            {oldOnes.length > 0 && (
              <Alert type="warning" showIcon style={{ marginTop: 4 }} title={t('orbit.select.tleOld', { days: TLE_OLD_DAYS })} />
            )}
            {noSwath.length > 0 && (
              <Alert
                type="warning"
                showIcon
                data-testid="orbit-no-swath"
                style={{ marginTop: 4 }}
                title={t('orbitFrames.notPredicted.noSwath', { names: punctuationNow().list(noSwath.map((e) => e.satellite)) })}
              />
            )}
          </div>
        )}
        <Form.Item label={t('orbit.select.window')} extra={t('orbit.select.windowHint', { days: ORBIT_LIMITS.maxWindowDays })}>
          <DatePicker.RangePicker
            data-testid="orbit-window"
            showTime={{ format: 'HH:mm' }}
            format="YYYY-MM-DD HH:mm"
            value={params.start && params.end ? [dayjs(params.start).tz(BEIJING_ZONE), dayjs(params.end).tz(BEIJING_ZONE)] : null}
            onChange={(range) =>
              setParams({
                start: range?.[0] ? dayjs.tz(range[0].format('YYYY-MM-DD HH:mm'), BEIJING_ZONE).format() : null,
                end: range?.[1] ? dayjs.tz(range[1].format('YYYY-MM-DD HH:mm'), BEIJING_ZONE).format() : null,
              })
            }
            style={{ width: '100%' }}
          />
        </Form.Item>
        <Form.Item label={t('orbit.select.area')}>
          <Segmented
            data-testid="orbit-area-kind"
            value={areaKind}
            onChange={(v) => setAreaKind(v as 'area' | 'poi')}
            options={[
              { value: 'area', label: t('orbit.select.area') },
              { value: 'poi', label: t('orbit.select.poi') },
            ]}
            style={{ marginBottom: 8 }}
          />
          {areaKind === 'area' ? (
            areaWidget
          ) : (
            <Space>
              <InputNumber
                data-testid="orbit-poi-lon"
                addonBefore={t('orbit.select.poiLon')}
                min={-180}
                max={180}
                step={0.01}
                value={poi?.[0]}
                onChange={(v) => setPoi(v === null ? null : [Number(v), poi?.[1] ?? 0])}
              />
              <InputNumber
                data-testid="orbit-poi-lat"
                addonBefore={t('orbit.select.poiLat')}
                min={-90}
                max={90}
                step={0.01}
                value={poi?.[1]}
                onChange={(v) => setPoi(v === null ? null : [poi?.[0] ?? 0, Number(v)])}
              />
            </Space>
          )}
        </Form.Item>
        <Space wrap>
          <Form.Item label={t('orbit.select.maxRoll')}>
            <InputNumber
              data-testid="orbit-max-roll"
              min={0}
              max={60}
              placeholder={t('orbit.select.maxRollOwn')}
              aria-label={t('orbit.select.maxRollOwn')}
              value={params.maxRollDeg}
              onChange={(v) => setParams({ maxRollDeg: v === null ? null : Number(v) })}
              style={{ width: 200 }}
            />
          </Form.Item>
          <Form.Item label={t('orbit.select.minSun')} extra={t('orbit.select.minSunHint', { deg: DEFAULT_MIN_SUN_ELEVATION_DEG })}>
            <InputNumber
              data-testid="orbit-min-sun"
              min={-90}
              max={90}
              placeholder={t('orbit.select.minSunNone')}
              aria-label={t('orbit.select.minSunNone')}
              value={params.minSunElevationDeg}
              onChange={(v) => setParams({ minSunElevationDeg: v === null ? null : Number(v) })}
              style={{ width: 200 }}
            />
          </Form.Item>
        </Space>
        {started ? (
          <RunningProgress expectedMs={Math.max(500, chosenElements.length * Math.max(days, 1) * 30)} />
        ) : (
          <Button type="primary" block disabled={missing !== null} onClick={onStart} data-testid="orbit-start">
            {missing ? t(`orbit.select.${missing}`) : t('orbit.select.start')}
          </Button>
        )}
      </Form>
      <Typography.Title level={2} style={{ marginTop: 16, fontSize: 16 }}>
        {t('orbit.select.history')}
      </Typography.Title>
      {(history.data ?? []).length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('orbit.select.historyEmpty')} />
      ) : (
        <List
          size="small"
          data-testid="orbit-history"
          dataSource={(history.data ?? []).slice(0, 10)}
          renderItem={(h) => (
            <List.Item
              actions={[
                <Button key="open" size="small" type="link" onClick={() => open(h.id)}>
                  {t('orbit.select.open')}
                </Button>,
              ]}
            >
              <List.Item.Meta
                title={h.name}
                description={`${formatBeijing(h.start, 'MM-DD HH:mm')} ~ ${formatBeijing(h.end, 'MM-DD HH:mm')} · ${t('orbit.result.count', { count: h.passCount })}`}
              />
            </List.Item>
          )}
        />
      )}
    </div>
  )
}
