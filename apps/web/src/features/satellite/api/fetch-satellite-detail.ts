import { satelliteDetail } from '@rs/shared'
import { queryOptions, useQueries, useQuery } from '@tanstack/react-query'
import { ApiError, callApi } from '../../../lib/api-client'
import { parseFacts, type SatelliteFacts } from '../utils/facts'

/**
 * GET the facts of one series (data/satellites/satellites.json as given), read through the
 * feature's schema. Answers null when the server has no facts for the slug (404) or the answer is
 * not a satellite entry, so the page can say so instead of failing.
 */
export async function fetchSatelliteDetail(slug: string): Promise<SatelliteFacts | null> {
  try {
    return parseFacts(await callApi(satelliteDetail, { query: { slug } })) ?? null
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
