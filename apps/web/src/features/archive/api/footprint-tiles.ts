import type { FootprintTilesAnswer, SceneQueryBody } from '@rs/shared'
import { normalmetaTiles } from '@rs/shared/api-paths'
import { useQuery } from '@tanstack/react-query'
import { callApi } from '../../../lib/api-client'
import { usesFootprintTiles } from '../../../map/footprint-tiles'

/**
 * The vector tiles of every matching footprint, asked for only when the search matches more than
 * FOOTPRINT_TILE_THRESHOLD scenes (a page shows its own footprints; the tiles show all of them).
 * One stored query per search: the page and page size do not change it.
 */
export function useFootprintTiles(query: SceneQueryBody | null, total: number | undefined) {
  const enabled = query !== null && usesFootprintTiles(total)
  return useQuery<FootprintTilesAnswer>({
    queryKey: ['archive', 'tiles', query && { area: query.area, filters: query.filters, sort: query.sort }],
    queryFn: ({ signal }) =>
      callApi(normalmetaTiles, {
        body: { area: (query as SceneQueryBody).area, filters: (query as SceneQueryBody).filters, sort: (query as SceneQueryBody).sort },
        signal,
      }),
    enabled,
    // the server keeps the stored query ARCHIVE_LIMITS.tileQueryMinutes after its last tile
    staleTime: 10 * 60_000,
    retry: false,
  })
}
