import type OlMap from 'ol/Map'
import type MapBrowserEvent from 'ol/MapBrowserEvent'
import { useEffect, useMemo, useRef } from 'react'
import { useRegionBoundaries } from './region-boundaries'
import { type BoundaryFeature, createRegionLayer, type RegionLayer } from './region-layer'

/**
 * A statistics map's choropleth (region-layer.ts): the boundaries of the rows' regions, fetched and
 * cached, filled by `colourOf` (null: outlined only), `largest` marked, `fillOpacity` as the layer
 * has it (read once). The layer is redrawn only when a colour changes, so callers may pass new
 * arrays and functions on every render.
 */
export function useChoropleth<Row extends { code: string }>(
  rows: readonly Row[],
  colourOf: (row: Row) => string | null,
  { largest = null, fillOpacity }: { largest?: string | null; fillOpacity?: number } = {},
): RegionLayer {
  const firstOpacity = useRef(fillOpacity)
  const layer = useMemo(() => createRegionLayer({ fillOpacity: firstOpacity.current }), [])
  const boundaries = useRegionBoundaries(rows.map((row) => row.code))
  useEffect(() => {
    layer.setRegions((boundaries.data ?? []) as unknown as BoundaryFeature[])
  }, [boundaries.data, layer])
  const colors = JSON.stringify(rows.map((row) => [row.code, colourOf(row)]))
  useEffect(() => {
    layer.setColors(new Map(JSON.parse(colors) as Array<[string, string | null]>), largest)
  }, [colors, largest, layer])
  return layer
}

/** Calls `onClick` with the code of the choropleth's region a click on the map lands in (drill-down). */
export function useRegionClick(map: OlMap | undefined, layer: RegionLayer, onClick: (code: string) => void): void {
  const handler = useRef(onClick)
  handler.current = onClick
  useEffect(() => {
    if (!map) return
    const listener = (event: MapBrowserEvent) => {
      const code = map.forEachFeatureAtPixel(event.pixel, (feature) => String(feature.getId()), {
        layerFilter: (candidate) => candidate === layer.layer,
      })
      if (code) handler.current(code)
    }
    map.on('singleclick', listener)
    return () => map.un('singleclick', listener)
  }, [map, layer])
}
