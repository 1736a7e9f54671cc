import { type MonitorBatch, type MonitorModuleDecl, type MonitorSequenceBatch, SEQUENCE_BATCH_COUNT, WHOLE_COUNTRY_CODE } from '@rs/shared'
import { Card, Select, Space, Statistic, Table, Tag, Typography } from 'antd'
import { useState } from 'react'
import { errorMessage } from '../../../lib/api-client'
import { useT } from '../../../lib/i18n'
import { useMonitorSequence } from '../api/fetch-monitor-sequence'
import { formatValue, rowValue } from '../utils/statistics'
import { AreaRegionSelect, batchOptions, type RegionSlots, SpotTypeSelect, useMeasureWords, useMetricColumns } from './mode-controls'

export interface SequencePanelProps extends RegionSlots {
  module: MonitorModuleDecl
  batches: readonly MonitorBatch[]
  /** The area-range regions of the scope rule (SPEC §4). */
  areaRegion: readonly string[]
}

/**
 * 时序模式: the last five batches of a region (within the caller's area ranges, limited by the
 * server) side by side as cards with their count and area or length, and a table of what changed
 * between consecutive batches: sites new, gone and persisting. Filters: region, last batch, type.
 */
export function SequencePanel({ module, batches, areaRegion, regionPicker, regionName }: SequencePanelProps) {
  const t = useT()
  const [region, setRegion] = useState<string>(areaRegion.length === 1 ? areaRegion[0] : WHOLE_COUNTRY_CODE)
  const [batch, setBatch] = useState<string | undefined>()
  const [tblx, setTblx] = useState<string | undefined>()
  const sequence = useMonitorSequence(module.key as never, { region: region === WHOLE_COUNTRY_CODE ? undefined : region, batch, tblx })
  const list = sequence.data?.batches ?? []
  const measure = useMeasureWords(module)
  const metricColumns = useMetricColumns<MonitorSequenceBatch>(module)
  const latest = batches[batches.length - 1]?.batch

  return (
    <div data-testid="monitor-sequence">
      <Space wrap style={{ marginBottom: 12 }}>
        <AreaRegionSelect
          areaRegion={areaRegion}
          value={region}
          onChange={setRegion}
          regionPicker={regionPicker}
          regionName={regionName}
          testId="sequence-region"
        />
        <span>{t('monitorModes.sequence.endBatch')}</span>
        <Select
          style={{ width: 140 }}
          value={batch ?? latest}
          onChange={setBatch}
          aria-label={t('monitorModes.sequence.endBatch')}
          data-testid="sequence-batch"
          options={batchOptions(batches)}
        />
        <SpotTypeSelect module={module} value={tblx} onChange={setTblx} />
      </Space>
      {sequence.error && (
        <Typography.Paragraph type="danger" data-testid="sequence-error">
          {errorMessage(sequence.error)}
        </Typography.Paragraph>
      )}
      <Typography.Title level={2} style={{ fontSize: 16 }}>
        {t('monitorModes.sequence.title', { count: SEQUENCE_BATCH_COUNT })}
      </Typography.Title>
      <div
        data-testid="sequence-cards"
        style={{ display: 'grid', gridTemplateColumns: `repeat(${SEQUENCE_BATCH_COUNT}, minmax(0, 1fr))`, gap: 12, marginBottom: 16 }}
      >
        {list.map((b) => (
          <Card key={b.batch} size="small" title={b.batch} data-testid="sequence-card" loading={sequence.isFetching && !sequence.data}>
            <Typography.Text type="secondary" style={{ fontSize: 12 }} ellipsis>
              {b.filename}
            </Typography.Text>
            <Space size={24} style={{ display: 'flex', margin: '8px 0' }}>
              <Statistic title={t('monitor.metric.count')} value={b.num} suffix={t('monitor.metric.unitCount')} />
              {module.measure !== null && (
                <Statistic
                  title={measure.label}
                  value={formatValue(rowValue(b, 'area', module.measure))}
                  suffix={measure.unit}
                  valueStyle={{ fontSize: 18 }}
                />
              )}
            </Space>
            {b.previous ? (
              <Space size={4} wrap>
                <Tag color="red">
                  {t('monitorModes.sequence.newSites')} {b.newSites}
                </Tag>
                <Tag color="default">
                  {t('monitorModes.sequence.goneSites')} {b.goneSites}
                </Tag>
                <Tag color="blue">
                  {t('monitorModes.sequence.persisting')} {b.persisting}
                </Tag>
              </Space>
            ) : (
              <Typography.Text type="secondary">{t('monitorModes.sequence.first')}</Typography.Text>
            )}
          </Card>
        ))}
      </div>
      <Typography.Title level={2} style={{ fontSize: 16 }}>
        {t('monitorModes.sequence.changes')}
      </Typography.Title>
      <Table<MonitorSequenceBatch>
        size="small"
        rowKey="batch"
        loading={sequence.isFetching}
        dataSource={list}
        pagination={false}
        data-testid="sequence-table"
        columns={[
          {
            title: t('monitorModes.sequence.compare'),
            render: (_: unknown, b) =>
              b.previous
                ? t('monitorModes.sequence.fromTo', { from: b.previous, to: b.batch })
                : `${b.batch} ${t('monitorModes.sequence.first')}`,
          },
          { title: t('monitorModes.sequence.newSites'), align: 'right', render: (_: unknown, b) => formatValue(b.newSites) },
          { title: t('monitorModes.sequence.goneSites'), align: 'right', render: (_: unknown, b) => formatValue(b.goneSites) },
          { title: t('monitorModes.sequence.persisting'), align: 'right', render: (_: unknown, b) => formatValue(b.persisting) },
          ...metricColumns,
        ]}
      />
    </div>
  )
}
