import { SearchOutlined } from '@ant-design/icons'
import { ARCHIVE_LIMITS, DATA_STATUS, PRODUCT_LEVELS, SCENE_SORT_FIELDS, type SceneFilters } from '@rs/shared'
import { Alert, Button, Checkbox, DatePicker, Divider, Form, InputNumber, Radio, Select, Slider, Space } from 'antd'
import dayjs from 'dayjs'
import { memo, useEffect, useState } from 'react'
import { useT } from '../../../lib/i18n'
import { type ArchiveSort, DEFAULT_FILTERS, DEFAULT_SORT } from '../url-state'
import { SatelliteFilter } from './satellite-filter'

export interface FilterPanelProps {
  /** The filters and sort of the last search (from the address): the form starts from them. */
  filters: SceneFilters
  sort: ArchiveSort
  /** Whether an area is chosen (the search needs one). */
  hasArea: boolean
  onSearch: (filters: SceneFilters, sort: ArchiveSort) => void
}

/** The filters of SPEC §4's image query, edited as a draft and sent with the Search button. */
export const FilterPanel = memo(function FilterPanel({ filters, sort, hasArea, onSearch }: FilterPanelProps) {
  const t = useT()
  const [draft, setDraft] = useState(filters)
  const [draftSort, setDraftSort] = useState(sort)
  // a reload, a shared link or the back button brings other filters: the form follows them
  const filtersKey = JSON.stringify(filters)
  const sortKey = JSON.stringify(sort)
  // biome-ignore lint/correctness/useExhaustiveDependencies: the keys stand for the objects (new objects on every address change)
  useEffect(() => setDraft(filters), [filtersKey])
  // biome-ignore lint/correctness/useExhaustiveDependencies: as above
  useEffect(() => setDraftSort(sort), [sortKey])
  const patch = (change: Partial<SceneFilters>) => setDraft((d) => ({ ...d, ...change }))
  const tooMany = draft.satellites.length + draft.sensors.length > ARCHIVE_LIMITS.maxSatellites

  return (
    <div data-testid="filter-panel">
      <Divider titlePlacement="start" plain style={{ margin: '12px 0' }}>
        {t('archivePage.filters.title')}
      </Divider>
      <Form layout="vertical" size="small" component="div">
        <Form.Item label={t('archivePage.filters.satellites')} style={{ marginBottom: 10 }}>
          <SatelliteFilter
            value={{ satellites: draft.satellites, sensors: draft.sensors }}
            onChange={(choice) => patch({ satellites: choice.satellites, sensors: choice.sensors })}
          />
        </Form.Item>
        {tooMany && <Alert type="warning" showIcon title={t('archive.errors.tooManySatellites', { max: ARCHIVE_LIMITS.maxSatellites })} />}
        <Form.Item label={t('archivePage.filters.dateRange')} style={{ marginBottom: 10 }}>
          <DatePicker.RangePicker
            style={{ width: '100%' }}
            data-testid="filter-dates"
            placeholder={[t('archivePage.filters.startDate'), t('archivePage.filters.endDate')]}
            aria-label={t('archivePage.filters.dateRange')}
            allowEmpty={[true, true]}
            value={[draft.startDate ? dayjs(draft.startDate) : null, draft.endDate ? dayjs(draft.endDate) : null]}
            onChange={(range) =>
              patch({ startDate: range?.[0]?.format('YYYY-MM-DD') ?? undefined, endDate: range?.[1]?.format('YYYY-MM-DD') ?? undefined })
            }
          />
        </Form.Item>
        <Form.Item
          label={`${t('archivePage.filters.cloud')} ${t('archivePage.filters.cloudValue', { value: draft.cloudMax ?? 100 })}`}
          style={{ marginBottom: 6 }}
        >
          <Slider
            min={0}
            max={100}
            value={draft.cloudMax ?? 100}
            onChange={(v) => patch({ cloudMax: v >= 100 ? undefined : v })}
            data-testid="filter-cloud"
            ariaLabelForHandle={t('archivePage.filters.cloud')}
            marks={{ 0: '0', 20: '20', 50: '50', 100: '100' }}
          />
        </Form.Item>
        <Form.Item label={t('archivePage.filters.resolution')} style={{ marginBottom: 10 }}>
          <Space.Compact>
            <InputNumber
              min={0.01}
              step={0.5}
              placeholder={t('archivePage.filters.resolutionMin')}
              aria-label={t('archivePage.filters.resolutionMin')}
              value={draft.resolutionMin ?? null}
              onChange={(v) => patch({ resolutionMin: v ?? undefined })}
              data-testid="filter-res-min"
            />
            <InputNumber
              min={0.01}
              step={0.5}
              placeholder={t('archivePage.filters.resolutionMax')}
              aria-label={t('archivePage.filters.resolutionMax')}
              value={draft.resolutionMax ?? null}
              onChange={(v) => patch({ resolutionMax: v ?? undefined })}
              data-testid="filter-res-max"
            />
          </Space.Compact>
        </Form.Item>
        <Form.Item label={t('archivePage.filters.productLevel')} style={{ marginBottom: 10 }}>
          <Checkbox.Group
            value={draft.productLevels}
            onChange={(v) => patch({ productLevels: v as SceneFilters['productLevels'] })}
            options={PRODUCT_LEVELS.map((l) => ({ value: l, label: l }))}
            data-testid="filter-levels"
          />
        </Form.Item>
        <Space wrap size={12} style={{ marginBottom: 12 }}>
          <Form.Item label={t('archivePage.filters.dataStatus')} style={{ marginBottom: 0 }}>
            <Select
              style={{ width: 110 }}
              value={draft.dataStatus}
              onChange={(v) => patch({ dataStatus: v })}
              options={DATA_STATUS.map((s) => ({ value: s, label: t(`archive.dataStatus.${s}`) }))}
              aria-label={t('archivePage.filters.dataStatus')}
              data-testid="filter-status"
            />
          </Form.Item>
          <Form.Item label={t('archivePage.filters.sort')} style={{ marginBottom: 0 }}>
            <Space.Compact>
              <Select
                style={{ width: 110 }}
                value={draftSort.sortField}
                onChange={(v) => setDraftSort((s) => ({ ...s, sortField: v }))}
                options={SCENE_SORT_FIELDS.map((f) => ({ value: f, label: t(`archive.sort.${f}`) }))}
                aria-label={t('archivePage.filters.sort')}
                data-testid="filter-sort-field"
              />
              <Radio.Group
                optionType="button"
                value={draftSort.sortOrder}
                onChange={(e) => setDraftSort((s) => ({ ...s, sortOrder: e.target.value }))}
                options={[
                  { value: 'desc', label: t('archivePage.filters.desc') },
                  { value: 'asc', label: t('archivePage.filters.asc') },
                ]}
                data-testid="filter-sort-order"
              />
            </Space.Compact>
          </Form.Item>
        </Space>
      </Form>
      <Space>
        <Button
          type="primary"
          icon={<SearchOutlined />}
          disabled={!hasArea || tooMany}
          onClick={() => onSearch(draft, draftSort)}
          data-testid="archive-search"
        >
          {t('archivePage.search')}
        </Button>
        <Button
          onClick={() => {
            setDraft(DEFAULT_FILTERS)
            setDraftSort(DEFAULT_SORT)
          }}
          data-testid="archive-reset"
        >
          {t('archivePage.filters.reset')}
        </Button>
      </Space>
      {!hasArea && <div style={{ color: '#8c8c8c', fontSize: 12, marginTop: 6 }}>{t('archivePage.needArea')}</div>}
    </div>
  )
})
