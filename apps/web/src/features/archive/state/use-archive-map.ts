import type { Scene } from '@rs/shared'
import type { Geometry as GeoJsonGeometry } from 'geojson'
import type OlMap from 'ol/Map'
import { useEffect, useMemo, useState } from 'react'
import { bindFootprintPointer, createFootprintLayer, createGapLayer } from '../../../map/footprint-layer'
import { createFootprintTileLayer } from '../../../map/footprint-tiles'
import { type LonLatBBox, lonLatToExtent } from '../../../map/geometry'
import { createQuicklookLayer, geometryBBox, showQuicklook } from '../../../map/quicklook-layer'
import { useResultStore } from './result-store'

/**
 * The archive's map layers: the page's footprints (落图) styled by the result store, hover and
 * click on them, every matching footprint as vector tiles under them when the search matches more
 * than a page can hold (`tilesUrl`), the opened scene's quicklook in its footprint's bbox, and the
 * coverage gaps. The map comes to the opened scene, and to the analysed area when a coverage answer
 * is shown (`fitBBox`). The 落图 switch hides both footprint layers.
 * Returns what MapView takes: the overlays and the map-ready callback.
 */
export function useArchiveMap({
  scenes,
  activeScene,
  gaps,
  fitBBox = null,
  tilesUrl = null,
}: {
  scenes: readonly Scene[]
  /** MVT URL template of all matching footprints (POST /api/normalmeta/tiles), or null below the threshold. */
  tilesUrl?: string | null
  activeScene: Scene | undefined
  gaps: GeoJsonGeometry | null
  /** The area the coverage tab shows (its answer's bbox, WGS84): the map fits to it each time it is given anew. */
  fitBBox?: LonLatBBox | null
}) {
  const layers = useMemo(
    () => ({
      footprints: createFootprintLayer(),
      allFootprints: createFootprintTileLayer(),
      gaps: createGapLayer(),
      quicklook: createQuicklookLayer(),
    }),
    [],
  )
  const overlays = useMemo(() => [layers.allFootprints.layer, layers.quicklook, layers.footprints.layer, layers.gaps.layer], [layers])
  const [map, setMap] = useState<OlMap>()
  const { checkedIds, hoveredId, activeId, showFootprints, hover, activate } = useResultStore()

  useEffect(() => layers.footprints.setScenes(scenes), [layers, scenes])
  useEffect(() => layers.allFootprints.show(tilesUrl), [layers, tilesUrl])
  useEffect(() => {
    layers.footprints.layer.setVisible(showFootprints)
    layers.allFootprints.layer.setVisible(showFootprints)
  }, [layers, showFootprints])
  useEffect(
    () => layers.footprints.setHighlight({ hoveredId, activeId, checkedIds: new Set(checkedIds) }),
    [layers, hoveredId, activeId, checkedIds],
  )
  const quicklookUrl = activeScene?.quicklookUrl
  const footprint = activeScene?.footprint
  useEffect(() => {
    const bbox = footprint ? geometryBBox(footprint) : null
    showQuicklook(layers.quicklook, quicklookUrl && bbox ? { url: `${quicklookUrl}&size=1024`, bbox } : null)
  }, [layers, quicklookUrl, footprint])
  // the opened scene comes into view with its quicklook
  const openedId = activeScene?.id
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per opened scene, not per footprint object
  useEffect(() => {
    const bbox = footprint ? geometryBBox(footprint) : null
    if (!map || !bbox) return
    map.getView().fit(lonLatToExtent(bbox), { size: map.getSize(), padding: [80, 80, 80, 80], maxZoom: 11, duration: 250 })
  }, [map, openedId])
  useEffect(() => layers.gaps.show(gaps), [layers, gaps])
  // the coverage tab shows the whole area, wherever an opened scene had taken the map
  useEffect(() => {
    if (!map || !fitBBox) return
    map.getView().fit(lonLatToExtent(fitBBox), { size: map.getSize(), padding: [40, 40, 40, 40], duration: 250 })
  }, [map, fitBBox])
  useEffect(() => {
    if (!map) return
    return bindFootprintPointer(map, layers.footprints.layer, { onHover: hover, onClick: activate })
  }, [map, layers, hover, activate])

  return { overlays, onMapReady: setMap, quicklookLayer: layers.quicklook }
}
