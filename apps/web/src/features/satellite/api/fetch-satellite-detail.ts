import type { SatelliteFacts } from '@rs/shared'
import { satelliteDetail } from '@rs/shared/api-paths'
import { queryOptions, useQueries, useQuery } from '@tanstack/react-query'
import { ApiError, callApi } from '../../../lib/api-client'

/**
 * GET the facts of one series, typed by the shared contract. Answers null when the server has no
 * facts for the slug (404), so the page can say so instead of failing.
 */
export async function fetchSatelliteDetail(slug: string): Promise<SatelliteFacts | null> {
  try {
    return await callApi(satelliteDetail, { query: { slug } })
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null
    throw error
  }
}

export const satelliteDetailQuery = (slug: string) =>
  queryOptions({ queryKey: ['satellite', 'detail', slug], queryFn: () => fetchSatelliteDetail(slug), staleTime: 60 * 60 * 1000 })

export function useSatelliteDetail(slug: string) {
  return useQuery(satelliteDetailQuery(slug))
}

/** The facts of several series at once (the index cards' operator and best resolution). */
export function useSatelliteDetails(slugs: readonly string[]) {
  return useQueries({ queries: slugs.map((slug) => satelliteDetailQuery(slug)) })
}
