import { type DataOf, type regionBoundary, type regionByCode, WHOLE_COUNTRY_CODE } from '@rs/shared'
import type { Geometry as GeoJsonGeometry } from 'geojson'
import type View from 'ol/View'
import { fromLonLatGeoJSON, type LonLatBBox, lonLatToExtent } from './geometry'

/** China's extent in WGS84, for the whole country (100000) and as the map's first view. */
export const CHINA_BBOX: LonLatBBox = [73.5, 18, 135.1, 53.6]

export interface RegionLookup {
  boundary: (code: string) => Promise<DataOf<typeof regionBoundary>>
  detail: (code: string) => Promise<DataOf<typeof regionByCode>>
}

export interface FitResult {
  /** The region's boundary in WGS84 when the API has one, to outline it. */
  boundary: GeoJsonGeometry | null
  extent: number[]
}

/**
 * Fits a view to a region by its code: the boundary's extent, else the detail's bbox, else China.
 * Answers the boundary so the caller can outline the region.
 */
export async function fitToRegion(
  view: Pick<View, 'fit'>,
  code: string,
  lookup: RegionLookup,
  options: { padding?: number[]; duration?: number } = {},
): Promise<FitResult> {
  let boundary: GeoJsonGeometry | null = null
  let extent: number[] | undefined
  if (code !== WHOLE_COUNTRY_CODE) {
    try {
      const feature = await lookup.boundary(code)
      boundary = feature.geometry as unknown as GeoJsonGeometry
      extent = fromLonLatGeoJSON(boundary).getExtent()
    } catch {
      try {
        const detail = await lookup.detail(code)
        if (detail.bbox) extent = lonLatToExtent(detail.bbox)
      } catch {
        // neither answered: stay on the whole country
      }
    }
  }
  extent ??= lonLatToExtent(CHINA_BBOX)
  view.fit(extent, { padding: options.padding ?? [40, 40, 40, 40], duration: options.duration ?? 0 })
  return { boundary, extent }
}
