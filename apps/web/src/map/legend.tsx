import { LEGEND_ALL, type LegendItem, type LegendSwitch } from '@rs/shared'
import { Checkbox, Segmented } from 'antd'
import { useT } from '../lib/i18n'

export interface MapLegendProps {
  items: LegendItem[]
  /** Count ('num', the default of SPEC §9) or area. */
  mode: LegendSwitch
  onToggle: (value: string) => void
  onModeChange: (mode: LegendSwitch) => void
  /** Words that replace the defaults, e.g. a length instead of an area (the road monitor); no `area`: no switch. */
  labels?: { area?: string | null; unitNum?: string; unitArea?: string }
}

/** The ten-class legend of SPEC §9 with its count/area switch; checking rows filters the map. */
export function MapLegend({ items, mode, onToggle, onModeChange, labels }: MapLegendProps) {
  const t = useT()
  return (
    <div
      className="map-legend"
      data-testid="map-legend"
      style={{ background: '#fff', padding: 8, borderRadius: 6, fontSize: 12, minWidth: 168 }}
    >
      <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', marginBottom: 6, gap: 8 }}>
        <strong>{t('legend.title')}</strong>
        {labels?.area !== null && (
          <Segmented
            size="small"
            value={mode}
            options={[
              { value: 'num', label: t('legend.num') },
              { value: 'area', label: labels?.area ?? t('legend.area') },
            ]}
            onChange={(value) => onModeChange(value as LegendSwitch)}
          />
        )}
      </div>
      <div style={{ color: '#6b7280', marginBottom: 4 }}>
        {mode === 'area' ? (labels?.unitArea ?? t('legend.unitArea')) : (labels?.unitNum ?? t('legend.unitNum'))}
      </div>
      {items.map((item) => (
        <div key={item.value} style={{ display: 'flex', alignItems: 'center', gap: 6, lineHeight: '22px' }}>
          <Checkbox checked={item.checked} onChange={() => onToggle(item.value)} aria-label={item.label} />
          {item.value !== LEGEND_ALL && (
            <span aria-hidden style={{ width: 18, height: 12, background: item.color, border: '1px solid rgba(0,0,0,0.1)' }} />
          )}
          <span>{item.label}</span>
        </div>
      ))}
    </div>
  )
}
