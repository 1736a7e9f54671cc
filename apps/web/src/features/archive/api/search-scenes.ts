import type { SceneQueryAnswer, SceneQueryBody } from '@rs/shared'
import { normalmetaQuery } from '@rs/shared/api-paths'
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { callApi } from '../../../lib/api-client'

/** POST the image query: one page of matching scenes, the total and the page's union area. */
export function searchScenesQuery(body: SceneQueryBody | null) {
  return queryOptions<SceneQueryAnswer>({
    queryKey: ['archive', 'query', body],
    queryFn: ({ signal }) => callApi(normalmetaQuery, { body: body as SceneQueryBody, signal }),
    enabled: body !== null,
    // the list stays while the next page or sort loads
    placeholderData: keepPreviousData,
    staleTime: 60_000,
    retry: false,
  })
}

export function useSearchScenes(body: SceneQueryBody | null) {
  return useQuery(searchScenesQuery(body))
}
