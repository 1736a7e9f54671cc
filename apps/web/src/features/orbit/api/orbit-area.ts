import type { AreaShape, OrbitArea } from '@rs/shared'
import { aoiById, regionBoundary } from '@rs/shared/api-paths'
import { useQuery } from '@tanstack/react-query'
import { callApi } from '../../../lib/api-client'

/**
 * The geometry of a prediction's area, for the frames of a chosen pass: a drawn shape or a point
 * as given, a region by its boundary (/api/region/boundary, simplified by level: frames at the very
 * edge may differ from the server's exact outline by the simplification), an uploaded area by
 * /api/aoi/detail. Fetched once per area.
 */
export function useOrbitAreaGeometry(area: OrbitArea | undefined) {
  return useQuery({
    queryKey: ['satorbit', 'area', area ?? null],
    enabled: area !== undefined,
    staleTime: Number.POSITIVE_INFINITY,
    queryFn: async ({ signal }): Promise<AreaShape> => {
      const a = area as OrbitArea
      if ('regionCode' in a) {
        const feature = await callApi(regionBoundary, { query: { code: a.regionCode }, signal })
        return feature.geometry as AreaShape
      }
      if ('uploadId' in a) return (await callApi(aoiById, { query: { id: a.uploadId }, signal })).geojson as AreaShape
      return a as AreaShape
    },
  })
}
