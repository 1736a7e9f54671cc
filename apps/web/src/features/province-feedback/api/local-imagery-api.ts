import type { LocalImageryKind } from '@rs/shared'
import { localImageryDelete, localImageryFootprints, localImageryList, localImageryUpload } from '@rs/shared/api-paths'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { callApi } from '../../../lib/api-client'

export const LOCAL_KEY = ['localImagery'] as const

export interface LocalFilter {
  region?: string
  kind?: LocalImageryKind
  period?: string
}

/** GET a page of the registered imagery within the caller's ranges. */
export function useLocalImagery(filter: LocalFilter & { pageNum: number; pageSize: number }) {
  return useQuery({
    queryKey: [...LOCAL_KEY, 'list', filter],
    queryFn: ({ signal }) => callApi(localImageryList, { query: filter as never, signal }),
    placeholderData: keepPreviousData,
  })
}

/** GET the footprints of the same filter (at most 5,000), for the map. */
export function useLocalFootprints(filter: LocalFilter) {
  return useQuery({
    queryKey: [...LOCAL_KEY, 'footprints', filter],
    queryFn: ({ signal }) => callApi(localImageryFootprints, { query: filter as never, signal }),
  })
}

/** POST a file; a refused file answers 422 with the report as the error's data. */
export function uploadLocalImagery(file: File, dryRun: boolean) {
  const form = new FormData()
  form.append('file', file, file.name)
  return callApi(localImageryUpload, { query: { dryRun: dryRun ? 'true' : 'false' }, form })
}

/** POST: delete one registration (its uploader or an administrator). */
export const deleteLocalUpload = (uploadId: number) => callApi(localImageryDelete, { body: { uploadId } })
