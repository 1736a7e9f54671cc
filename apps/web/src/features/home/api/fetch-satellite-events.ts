import { satelliteEvents } from '@rs/shared/api-paths'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { callApi } from '../../../lib/api-client'

/** How many recent events the home page lists. */
export const HOME_EVENT_COUNT = 8

/** GET the most recent satellite events (launches), newest first. */
export const recentEventsQuery = queryOptions({
  queryKey: ['satellite', 'events', HOME_EVENT_COUNT],
  queryFn: ({ signal }) => callApi(satelliteEvents, { query: { limit: HOME_EVENT_COUNT }, signal }),
  staleTime: 10 * 60_000,
})

export function useRecentEvents() {
  return useQuery(recentEventsQuery)
}
