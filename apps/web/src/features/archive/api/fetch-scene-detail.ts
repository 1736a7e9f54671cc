import type { Scene } from '@rs/shared'
import { normalmetaDetail } from '@rs/shared/api-paths'
import { useQuery } from '@tanstack/react-query'
import { callApi } from '../../../lib/api-client'

/** GET one scene's metadata; the list's copy shows at once while it loads. */
export function useSceneDetail(id: string | null, fromList?: Scene) {
  return useQuery({
    queryKey: ['archive', 'detail', id],
    queryFn: ({ signal }) => callApi(normalmetaDetail, { query: { id: id as string }, signal }),
    enabled: id !== null,
    placeholderData: fromList,
    staleTime: 5 * 60_000,
    retry: false,
  })
}
