import { type AreaRange, activeAreaRanges } from '@rs/shared'
import { areaRange } from '@rs/shared/api-paths'
import { callApi } from '../../../lib/api-client'

/** GET the logged-in user's area ranges (type 0); only active records are kept. */
export async function fetchAreaRange(): Promise<AreaRange[]> {
  return activeAreaRanges(await callApi(areaRange, { query: { type: 0 } }))
}
