import type { CoverageAnswer, SceneQueryBody } from '@rs/shared'
import { normalmetaCoverage } from '@rs/shared/api-paths'
import { useQuery } from '@tanstack/react-query'
import { callApi } from '../../../lib/api-client'

/** The coverage body: the search's area, filters and sort, and the checked ids when some are checked. */
export function coverageBody(query: SceneQueryBody, checkedIds: readonly string[]) {
  return {
    area: query.area,
    filters: query.filters,
    sort: query.sort,
    ...(checkedIds.length > 0 ? { ids: [...checkedIds] } : {}),
  }
}

/** POST the coverage analysis of the search (or of the checked scenes); runs while the tab is open. */
export function useSceneCoverage(query: SceneQueryBody | null, checkedIds: readonly string[], enabled: boolean) {
  return useQuery<CoverageAnswer>({
    queryKey: ['archive', 'coverage', query && { ...query, pageNum: 1, pageSize: 20 }, [...checkedIds].sort()],
    queryFn: ({ signal }) => callApi(normalmetaCoverage, { body: coverageBody(query as SceneQueryBody, checkedIds), signal }),
    enabled: enabled && query !== null,
    staleTime: 5 * 60_000,
    retry: false,
  })
}
