import { typicalImages } from '@rs/shared/api-paths'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { callApi } from '../../../lib/api-client'

/** GET the twelve typical-image samples of SPEC §2 in page order. */
export const typicalImagesQuery = queryOptions({
  queryKey: ['typical-images'],
  queryFn: ({ signal }) => callApi(typicalImages, { signal }),
  staleTime: 5 * 60_000,
})

export function useTypicalImages() {
  return useQuery(typicalImagesQuery)
}
