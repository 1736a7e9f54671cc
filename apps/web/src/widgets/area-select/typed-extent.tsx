import { WorldBBox } from '@rs/shared'
import { Alert, Button, Form, InputNumber, Space } from 'antd'
import { useEffect, useState } from 'react'
import type { Extent } from '../../features/aoi/state/select-store'
import { useT } from '../../lib/i18n'

type Edges = [number | null, number | null, number | null, number | null]

const FIELDS = [
  ['minLon', -180, 180],
  ['minLat', -90, 90],
  ['maxLon', -180, 180],
  ['maxLat', -90, 90],
] as const

/** Typed edges as an extent when the scene query takes them (the contract's WorldBBox: inside the world, each minimum below its maximum); else null. */
export function extentOf(edges: readonly (number | null | undefined)[]): Extent | null {
  const parsed = WorldBBox.safeParse(edges)
  return parsed.success ? parsed.data : null
}

/**
 * The extent typed in degrees: the keyboard's way to choose a box, beside taking the map's view or
 * dragging a box on it (WCAG 2.1.1). Shows the chosen extent's edges when there is one.
 */
export function TypedExtent({ extent, onChoose }: { extent: Extent | null; onChoose: (extent: Extent) => void }) {
  const t = useT()
  const [edges, setEdges] = useState<Edges>(extent ?? [null, null, null, null])
  const [invalid, setInvalid] = useState(false)
  useEffect(() => {
    if (extent) setEdges(extent)
  }, [extent])
  const apply = () => {
    const chosen = extentOf(edges)
    setInvalid(!chosen)
    if (chosen) onChoose(chosen)
  }
  return (
    <fieldset className="typed-extent" data-testid="typed-extent">
      <legend className="typed-extent__title">{t('aoi.select.typed.title')}</legend>
      <Form layout="vertical" size="small" component="div">
        <Space wrap size={[8, 0]}>
          {FIELDS.map(([name, min, max], i) => (
            <Form.Item key={name} label={t(`aoi.select.typed.${name}`)} htmlFor={`typed-extent-${name}`} style={{ marginBottom: 8 }}>
              <InputNumber
                id={`typed-extent-${name}`}
                data-testid={`typed-extent-${name}`}
                min={min}
                max={max}
                step={0.1}
                style={{ width: 120 }}
                value={edges[i]}
                onChange={(value) => {
                  const next = [...edges] as Edges
                  next[i] = typeof value === 'number' ? value : null
                  setEdges(next)
                }}
                onPressEnter={apply}
              />
            </Form.Item>
          ))}
        </Space>
        <Button onClick={apply} data-testid="typed-extent-apply">
          {t('aoi.select.typed.apply')}
        </Button>
        {invalid && (
          <Alert
            style={{ marginTop: 8 }}
            type="warning"
            showIcon
            title={t('aoi.select.typed.invalid')}
            data-testid="typed-extent-invalid"
          />
        )}
      </Form>
    </fieldset>
  )
}
