import { CSV_CONTENT_TYPE, type Pass, type Prediction, punctuationNow } from '@rs/shared'
import { Alert, Button, Card, Checkbox, Empty, Segmented, Space, Table, Tabs, Tag, Typography } from 'antd'
import { useEffect, useMemo, useState } from 'react'
import { Link } from '../../../components/link'
import { downloadBlob } from '../../../lib/download'
import { useT } from '../../../lib/i18n'
import { formatBeijing } from '../../../lib/time'
import { CROWDED_PASSES } from '../map/pass-layer'
import { ORBIT_TAB, useOrbitStore, type VectorType } from '../state/orbit-store'
import { passCalendar } from '../utils/calendar'
import { passesCsv, passesIcs, passesXlsx } from '../utils/pass-export'
import type { ChosenPassFrames } from '../utils/pass-frames'

/** The acquisition calendar: Beijing days × satellites, the number of passes in each cell. */
function PassCalendarTable({ prediction }: { prediction: Prediction }) {
  const t = useT()
  const calendar = useMemo(() => passCalendar(prediction.passes, prediction.query.start, prediction.query.end), [prediction])
  const rows = calendar.days.map((day) => ({
    key: day,
    day,
    ...Object.fromEntries(calendar.satellites.map((s) => [s, calendar.cells[day]?.[s] ?? []])),
  }))
  return (
    <Table
      data-testid="orbit-calendar"
      size="small"
      pagination={false}
      scroll={{ x: true }}
      dataSource={rows}
      columns={[
        { title: t('orbit.result.calendarDay'), dataIndex: 'day', key: 'day', fixed: 'left', width: 100 },
        ...calendar.satellites.map((s) => ({
          title: s,
          key: s,
          dataIndex: s,
          render: (cell: Pass[]) =>
            cell.length > 0 ? (
              <Tag color="blue" title={cell.map((p) => `${formatBeijing(p.start, 'HH:mm')} ${p.sensor}`).join('\n')}>
                {cell.length}
              </Tag>
            ) : null,
        })),
      ]}
    />
  )
}

/** The scenes the chosen pass would take: sensor, centre time (Beijing), centre (shown under the map). */
export function PassFramesList({
  frames,
  loading,
  archivePath = null,
}: {
  frames: ChosenPassFrames | null
  loading: boolean
  /** The image search of this satellite's archived scenes over the area, when the archive has the satellite. */
  archivePath?: string | null
}) {
  const t = useT()
  if (!frames) return loading ? <Typography.Text type="secondary">{t('orbitFrames.frames.loading')}</Typography.Text> : null
  return (
    <Card size="small" data-testid="orbit-frames" style={{ marginTop: 8 }}>
      <Space wrap style={{ marginBottom: 4 }}>
        <Typography.Text strong data-testid="orbit-frame-count">
          {t('orbitFrames.frames.title', { count: frames.frames.length })}
        </Typography.Text>
        <Typography.Text type="secondary">
          {frames.rollDeg > 0 ? t('orbitFrames.frames.rollAt', { roll: frames.rollDeg.toFixed(1) }) : t('orbitFrames.frames.nadir')}
        </Typography.Text>
        {archivePath && (
          <Link to={archivePath} data-testid="orbit-frames-archive">
            {t('orbitFrames.frames.archive')}
          </Link>
        )}
      </Space>
      <Typography.Paragraph type="secondary" style={{ fontSize: 12, marginBottom: 4 }}>
        {t('orbitFrames.frames.hint')}
      </Typography.Paragraph>
      <Table
        size="small"
        rowKey={(f) => `${f.sensor}:${f.index}`}
        dataSource={frames.frames}
        pagination={frames.frames.length > 10 ? { pageSize: 10, size: 'small', showSizeChanger: false } : false}
        locale={{ emptyText: t('orbitFrames.frames.none') }}
        columns={[
          { title: t('orbitFrames.frames.sensor'), dataIndex: 'sensor', key: 'sensor', width: 90 },
          { title: t('orbitFrames.frames.centreTime'), key: 'time', width: 170, render: (_v, f) => formatBeijing(f.centreMs) },
          {
            title: t('orbitFrames.frames.centre'),
            key: 'centre',
            render: (_v, f) => `${f.centre[0].toFixed(3)}, ${f.centre[1].toFixed(3)}`,
          },
        ]}
      />
    </Card>
  )
}

const PAGE_SIZE = 20

/**
 * The RESULT tab: the passes in Beijing time (satellite, sensor, start, end, closest distance, roll
 * needed, sun elevation, ascending or descending), choosing one highlights it on the map, and a pass
 * chosen on the map is shown highlighted on its page of the list; the vector type (track or swath),
 * the active satellites shown on the map, the acquisition calendar, CSV, Excel and iCalendar
 * exports, and clear (back to SELECT).
 */
export function OrbitResultPanel({
  prediction,
  isLoading,
  isMapCrowded = false,
  onOpen3d,
}: {
  prediction: Prediction | undefined
  isLoading: boolean
  /** The map shows more than CROWDED_PASSES passes: grouped markers, faint tracks (said above the list). */
  isMapCrowded?: boolean
  /** Opens the 3D page with these satellites. */
  onOpen3d?: () => void
}) {
  const t = useT()
  const { vectorType, setVectorType, selectedPass, selectPass, hiddenSatellites, toggleSatellite, clear, setTab } = useOrbitStore()
  const [page, setPage] = useState(1)
  const predictionId = prediction?.id
  // biome-ignore lint/correctness/useExhaustiveDependencies: another prediction opens on its first page
  useEffect(() => setPage(1), [predictionId])
  // a pass chosen elsewhere (its marker on the map) is shown on its page
  useEffect(() => {
    if (selectedPass !== null) setPage(Math.floor(selectedPass / PAGE_SIZE) + 1)
  }, [selectedPass])
  if (!prediction) return isLoading ? null : <Empty description={t('orbit.result.empty')} />
  const passes = prediction.passes
  const satellites = [...new Map(passes.map((p) => [p.noradId, p.satellite])).entries()]
  const stamp = formatBeijing(prediction.createdAt, 'YYYYMMDD-HHmm')
  const name = `${t('orbit.title')}-${stamp}`

  return (
    <div data-testid="orbit-result">
      <Space wrap style={{ marginBottom: 8 }}>
        <Typography.Text strong data-testid="orbit-pass-count">
          {t('orbit.result.count', { count: passes.length })}
        </Typography.Text>
        {onOpen3d && (
          <Button size="small" data-testid="orbit-open-3d" onClick={onOpen3d}>
            {t('orbit.result.open3d')}
          </Button>
        )}
        <Button
          size="small"
          data-testid="orbit-clear"
          onClick={() => {
            clear()
            setTab(ORBIT_TAB.SELECT)
          }}
        >
          {t('orbit.result.clear')}
        </Button>
        <Button
          size="small"
          data-testid="orbit-export-csv"
          onClick={async () => downloadBlob(new Blob([await passesCsv(passes, t)], { type: CSV_CONTENT_TYPE }), `${name}.csv`)}
        >
          {t('orbit.result.exportCsv')}
        </Button>
        <Button
          size="small"
          data-testid="orbit-export-xlsx"
          onClick={async () => downloadBlob(await passesXlsx(passes, t), `${name}.xlsx`)}
        >
          {t('orbit.result.exportExcel')}
        </Button>
        <Button
          size="small"
          data-testid="orbit-export-ics"
          onClick={() => downloadBlob(new Blob([passesIcs(passes, t)], { type: 'text/calendar;charset=utf-8' }), `${name}.ics`)}
        >
          {t('orbit.result.exportIcs')}
        </Button>
      </Space>
      {(['noSwath', 'stale', 'decayed'] as const).map((reason) => {
        const names = prediction.notPredicted.filter((n) => n.reason === reason).map((n) => n.satellite)
        return names.length > 0 ? (
          <Alert
            key={reason}
            type="warning"
            showIcon
            data-testid={`orbit-not-predicted-${reason}`}
            style={{ marginBottom: 8 }}
            title={t(`orbitFrames.notPredicted.${reason}`, { names: punctuationNow().list(names) })}
          />
        ) : null
      })}
      {prediction.filteredBySun > 0 && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 8 }}
          title={t('orbit.result.filteredBySun', { count: prediction.filteredBySun })}
        />
      )}
      {isMapCrowded && (
        <Alert
          type="info"
          showIcon
          data-testid="orbit-map-crowded"
          style={{ marginBottom: 8 }}
          title={t('orbit.result.crowded', { max: CROWDED_PASSES })}
        />
      )}
      <Space wrap style={{ marginBottom: 8 }}>
        <Typography.Text>{punctuationNow().label(t('orbit.result.vectorType'))}</Typography.Text>
        <Segmented
          size="small"
          data-testid="orbit-vector-type"
          value={vectorType}
          onChange={(v) => setVectorType(v as VectorType)}
          options={[
            { value: 'track', label: t('orbit.result.track') },
            { value: 'swath', label: t('orbit.result.swath') },
          ]}
        />
      </Space>
      <div style={{ marginBottom: 8 }} data-testid="orbit-active">
        <Typography.Text>{punctuationNow().label(t('orbit.result.active'))}</Typography.Text>
        {satellites.map(([id, label]) => (
          <Checkbox key={id} checked={!hiddenSatellites.includes(id)} onChange={(e) => toggleSatellite(id, e.target.checked)}>
            {label}
          </Checkbox>
        ))}
      </div>
      <Tabs
        size="small"
        items={[
          {
            key: 'list',
            label: t('orbit.result.count', { count: passes.length }),
            children: (
              <Table
                data-testid="orbit-passes"
                size="small"
                rowKey={(p) => `${p.noradId}-${p.sensor}-${p.start}`}
                dataSource={passes}
                pagination={{ pageSize: PAGE_SIZE, current: page, onChange: setPage, size: 'small', showSizeChanger: false }}
                scroll={{ x: 900 }}
                // antd's row index counts within the page: the pass's place in the whole list is its index
                rowClassName={(p) => (passes.indexOf(p) === selectedPass ? 'ant-table-row-selected' : '')}
                onRow={(p) => {
                  const i = passes.indexOf(p)
                  return { onClick: () => selectPass(i === selectedPass ? null : i), style: { cursor: 'pointer' } }
                }}
                locale={{ emptyText: t('orbit.result.empty') }}
                columns={[
                  { title: t('orbit.result.satellite'), dataIndex: 'satellite', key: 'satellite', width: 110 },
                  { title: t('orbit.result.sensor'), dataIndex: 'sensor', key: 'sensor', width: 110 },
                  { title: t('orbit.result.start'), key: 'start', width: 150, render: (_v, p) => formatBeijing(p.start) },
                  { title: t('orbit.result.end'), key: 'end', width: 90, render: (_v, p) => formatBeijing(p.end, 'HH:mm:ss') },
                  { title: t('orbit.result.closest'), key: 'closest', width: 90, render: (_v, p) => p.closestKm.toFixed(1) },
                  { title: t('orbit.result.roll'), key: 'roll', width: 90, render: (_v, p) => p.rollDeg.toFixed(1) },
                  { title: t('orbit.result.sun'), key: 'sun', width: 90, render: (_v, p) => p.sunElevationDeg.toFixed(1) },
                  {
                    title: t('orbit.result.direction'),
                    key: 'direction',
                    width: 70,
                    render: (_v, p) => (p.direction === 'ascending' ? t('orbit.result.ascending') : t('orbit.result.descending')),
                  },
                ]}
              />
            ),
          },
          { key: 'calendar', label: t('orbit.result.calendar'), children: <PassCalendarTable prediction={prediction} /> },
        ]}
      />
    </div>
  )
}
