import { Checkbox, Empty, Input, Select, Space, Spin, Tree, Typography } from 'antd'
import { useMemo, useState } from 'react'
import { useT } from '../../../lib/i18n'
import { useSatelliteCatalogue, useSatelliteSensors } from '../api/fetch-catalogue'
import { buildSatelliteTree, checkedToFilter, filterToChecked } from '../utils/satellite-tree'

/** Height of the satellite tree's scrolling list. */
const TREE_HEIGHT_PX = 210

export interface SatelliteChoice {
  satellites: string[]
  sensors: string[]
}

/**
 * Satellites and sensors from the catalogue (SPEC §3, ≤ 120 entries): a checkable tree grouped by
 * type (optical, hyperspectral, radar), narrowed by resolution class, property and name.
 */
export function SatelliteFilter({ value, onChange }: { value: SatelliteChoice; onChange: (next: SatelliteChoice) => void }) {
  const t = useT()
  const catalogue = useSatelliteCatalogue()
  const sensors = useSatelliteSensors()
  const [resolutionClasses, setResolutionClasses] = useState<number[]>([])
  const [properties, setProperties] = useState<number[]>([])
  const [text, setText] = useState('')
  const mapping = sensors.data ?? []
  const tree = useMemo(
    () =>
      buildSatelliteTree(catalogue.data ?? [], sensors.data ?? [], { resolutionClasses, properties, text }, (type) =>
        t(`archivePage.filters.type.${type}`),
      ),
    [catalogue.data, sensors.data, resolutionClasses, properties, text, t],
  )
  const checkedKeys = useMemo(() => filterToChecked(value, sensors.data ?? []), [value, sensors.data])
  const count = value.satellites.length + value.sensors.length

  return (
    <div data-testid="satellite-filter">
      <Space wrap size={8} style={{ marginBottom: 8 }}>
        <Select
          mode="multiple"
          allowClear
          size="small"
          style={{ minWidth: 150 }}
          placeholder={t('archivePage.filters.resolutionClass')}
          aria-label={t('archivePage.filters.resolutionClass')}
          value={resolutionClasses}
          onChange={setResolutionClasses}
          data-testid="satellite-resolution-class"
          options={[1, 2, 3, 4].map((c) => ({ value: c, label: t(`archivePage.filters.resolutionClasses.${c}`) }))}
        />
        <Checkbox.Group
          value={properties}
          onChange={(v) => setProperties(v as number[])}
          data-testid="satellite-properties"
          options={[1, 2, 3].map((p) => ({ value: p, label: t(`archivePage.filters.propertyNames.${p}`) }))}
        />
      </Space>
      <Input.Search
        size="small"
        allowClear
        placeholder={t('archivePage.filters.satelliteSearch')}
        onChange={(e) => setText(e.target.value)}
        style={{ marginBottom: 8 }}
        data-testid="satellite-search"
      />
      <div style={{ border: '1px solid #f0f0f0', borderRadius: 6, padding: 4 }}>
        {catalogue.isPending || sensors.isPending ? (
          <Spin size="small" />
        ) : tree.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />
        ) : (
          <Tree
            // a virtual list: only the rows in view are drawn (the optical group alone holds about 80)
            height={TREE_HEIGHT_PX}
            checkable
            selectable={false}
            treeData={tree}
            checkedKeys={checkedKeys}
            defaultExpandedKeys={['type:1']}
            onCheck={(checked) => {
              const keys = (Array.isArray(checked) ? checked : checked.checked).map(String)
              // keys of entries narrowed out of view stay checked
              const visible = new Set<string>()
              const walk = (nodes: typeof tree) => {
                for (const n of nodes) {
                  visible.add(n.key)
                  if (n.children) walk(n.children)
                }
              }
              walk(tree)
              const hidden = checkedKeys.filter((k) => !visible.has(k))
              onChange(checkedToFilter([...keys, ...hidden], mapping))
            }}
          />
        )}
      </div>
      <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid="satellite-count">
        {count === 0 ? t('archivePage.filters.satellitesHint') : t('archivePage.filters.satellitesChosen', { count })}
      </Typography.Text>
      {count > 0 && (
        <Typography.Link style={{ fontSize: 12, marginLeft: 8 }} onClick={() => onChange({ satellites: [], sensors: [] })}>
          {t('archivePage.filters.clearSatellites')}
        </Typography.Link>
      )}
    </div>
  )
}
