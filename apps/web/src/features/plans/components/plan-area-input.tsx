import { regionContains } from '@rs/shared'
import { Alert, Button, Input, Radio, Space, Tag, Typography } from 'antd'
import type { MultiPolygon, Polygon } from 'geojson'
import { useState } from 'react'
import { useT } from '../../../lib/i18n'
import type { DrawKind } from '../../../map/draw'
import { LazyMapView } from '../../../map/lazy-map-view'
import { useRegionBoundaries } from '../../../map/region-boundaries'
import { parseTypedPolygon, polygonAsText } from '../utils/coordinates'
import { type AreaDraft, type AreaMode, addRegion, areaShape, emptyArea } from '../utils/plan-area'
import type { PlanSlots } from './plan-slots'

/** The boundaries of the chosen regions as one MultiPolygon for the map (null while none has arrived). */
function unionOf(features: ReadonlyArray<{ geometry: unknown }>): MultiPolygon | null {
  const polygons = features.flatMap((f) => {
    const g = f.geometry as Polygon | MultiPolygon | null
    if (g?.type === 'Polygon') return [g.coordinates]
    if (g?.type === 'MultiPolygon') return g.coordinates
    return []
  })
  return polygons.length > 0 ? { type: 'MultiPolygon', coordinates: polygons } : null
}

export interface PlanAreaInputProps {
  /** The unit's region: the picker stays inside it and the map outlines it. */
  unitRegion: string
  value: AreaDraft
  onChange: (area: AreaDraft) => void
  slots: Pick<PlanSlots, 'regionPicker' | 'regionName' | 'areaUpload' | 'drawToolbar'>
  tiandituKey: string
  mapHeight?: number
}

/**
 * An item's area, three ways: regions inside the unit by the region picker (several may be added),
 * a polygon drawn on the map or typed as coordinates (the keyboard's way), or an uploaded zipped
 * shapefile, GeoJSON or KML (/api/aoi/upload). The map shows the unit and the chosen area.
 */
export function PlanAreaInput({ unitRegion, value, onChange, slots, tiandituKey, mapHeight = 300 }: PlanAreaInputProps) {
  const t = useT()
  const [picked, setPicked] = useState(unitRegion)
  const [drawKind, setDrawKind] = useState<DrawKind | null>(null)
  const [typed, setTyped] = useState(() => (value.mode === 'draw' ? polygonAsText(value.geometry) : ''))
  const [typedError, setTypedError] = useState<string | null>(null)
  // chosen regions are shown by their boundaries (as one shape), a drawn or uploaded area as it is
  const boundaries = useRegionBoundaries(value.mode === 'region' ? value.regionCodes : [])
  const shape = value.mode === 'region' ? (value.regionCodes.length > 0 ? unionOf(boundaries.data ?? []) : null) : areaShape(value)

  const switchMode = (mode: AreaMode) => {
    setDrawKind(null)
    if (mode !== value.mode) onChange(emptyArea(mode))
  }

  const applyTyped = () => {
    const parsed = parseTypedPolygon(typed)
    if (!parsed.ok) {
      setTypedError(parsed.line === 0 ? t('plan.fill.tooFewPoints') : t('plan.fill.badCoordinate', { line: parsed.line }))
      return
    }
    setTypedError(null)
    onChange({ mode: 'draw', geometry: parsed.polygon })
  }

  return (
    <div data-testid="plan-area">
      <Radio.Group
        optionType="button"
        buttonStyle="solid"
        value={value.mode}
        onChange={(e) => switchMode(e.target.value as AreaMode)}
        options={[
          { value: 'region', label: t('plan.fill.areaRegion') },
          { value: 'draw', label: t('plan.fill.areaDraw') },
          { value: 'shp', label: t('plan.fill.areaUpload') },
        ]}
        data-testid="plan-area-mode"
      />
      <div style={{ margin: '10px 0' }}>
        {value.mode === 'region' && (
          <>
            <Space wrap align="start">
              {slots.regionPicker({ value: picked, onChange: setPicked, within: unitRegion })}
              <Button
                onClick={() => onChange(addRegion(value, picked))}
                disabled={!regionContains(unitRegion, picked)}
                data-testid="plan-area-add"
              >
                {t('plan.fill.addRegion')}
              </Button>
            </Space>
            <Typography.Paragraph type="secondary" style={{ fontSize: 12, margin: '6px 0' }}>
              {t('plan.fill.regionHint')}
            </Typography.Paragraph>
            <div data-testid="plan-area-regions">
              <Typography.Text>
                {t('plan.fill.chosenRegions')}
                {t('plan.fill.colon')}
              </Typography.Text>
              {value.regionCodes.map((code) => (
                <Tag
                  key={code}
                  closable
                  onClose={() => onChange({ mode: 'region', regionCodes: value.regionCodes.filter((c) => c !== code) })}
                >
                  {slots.regionName(code)}
                </Tag>
              ))}
            </div>
          </>
        )}
        {value.mode === 'draw' && (
          <>
            {slots.drawToolbar({
              active: drawKind,
              onChoose: setDrawKind,
              onClear: () => {
                setDrawKind(null)
                onChange(emptyArea('draw'))
              },
            })}
            <Typography.Paragraph type="secondary" style={{ fontSize: 12, margin: '6px 0' }} data-testid="plan-area-drawn">
              {value.geometry
                ? value.kept
                  ? t('plan.fill.keptArea', { source: t(`plan.areaSource.${value.kept}`) })
                  : t('plan.fill.drawnArea')
                : t('plan.fill.drawHint')}
            </Typography.Paragraph>
            <label htmlFor="plan-area-coordinates" style={{ fontSize: 13 }}>
              {t('plan.fill.coordinates')}
            </label>
            <Input.TextArea
              id="plan-area-coordinates"
              rows={4}
              value={typed}
              placeholder={t('plan.fill.coordinatesPlaceholder')}
              onChange={(e) => setTyped(e.target.value)}
              data-testid="plan-area-coordinates"
              style={{ fontFamily: 'monospace', marginTop: 4 }}
            />
            <Button size="small" style={{ marginTop: 6 }} onClick={applyTyped} data-testid="plan-area-use-coordinates">
              {t('plan.fill.useCoordinates')}
            </Button>
            {typedError && <Alert style={{ marginTop: 6 }} type="error" showIcon title={typedError} data-testid="plan-area-typed-error" />}
          </>
        )}
        {value.mode === 'shp' && slots.areaUpload({ current: value.upload, onUploaded: (upload) => onChange({ mode: 'shp', upload }) })}
      </div>
      <LazyMapView
        tiandituKey={tiandituKey}
        region={shape ? null : unitRegion}
        area={shape}
        fitArea
        drawKind={value.mode === 'draw' ? drawKind : null}
        onDrawEnd={(geometry) => {
          setDrawKind(null)
          setTyped(polygonAsText(geometry))
          onChange({ mode: 'draw', geometry: geometry as Polygon })
        }}
        height={mapHeight}
      />
    </div>
  )
}
