import { planFeatures } from '@rs/shared/api-paths'
import { useQuery } from '@tanstack/react-query'
import { callApi } from '../../../lib/api-client'
import type { FeaturesQuery } from '../utils/analysis-question'

/** A plan item on the map (properties of the features API's kind 'item'). */
export interface PlanItemProperties {
  kind: 'item'
  id: number
  name: string
  unit: string
  unitRegion: string
  resolution: string
  state: string
  areaKm2: number
  overlapKm2: number
}

/** An overlap of two units' items on the map (kind 'overlap'): units a and b, their items' names. */
export interface PlanOverlapProperties {
  kind: 'overlap'
  a: string
  b: string
  itemA: string
  itemB: string
  /** The items' ids, as the analysis's overlap pairs name them. */
  idA: number
  idB: number
  areaKm2: number
}

export interface PlanFeature<P> {
  type: 'Feature'
  geometry: { type: string; coordinates: unknown[] }
  properties: P
}

/** A year's plan items, or their overlaps, in a region as WGS84 GeoJSON (truncated: more than the server sends). */
export interface PlanFeatureCollection<P> {
  type: 'FeatureCollection'
  features: PlanFeature<P>[]
  truncated: boolean
}

/** GET the items (overlap '0') or overlaps ('1') of a year in a region for the map; null: not asked. */
export function usePlanFeatures<P extends PlanItemProperties | PlanOverlapProperties>(query: FeaturesQuery | null) {
  return useQuery({
    queryKey: ['plan-analysis', 'features', query],
    queryFn: async ({ signal }) =>
      (await callApi(planFeatures, { query: query as FeaturesQuery, signal })) as unknown as PlanFeatureCollection<P>,
    enabled: query !== null,
    staleTime: 60_000,
    retry: false,
  })
}
