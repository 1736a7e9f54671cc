import { regionByCode, regionParents } from '@rs/shared/api-paths'
import { callApi } from '../../../lib/api-client'
import type { ParentsApi } from '../utils/region-selection'

/** The region API as the parent correction needs it: the parent chain, and one region's detail. */
export const regionParentsApi: ParentsApi = {
  parents: (code) => callApi(regionParents, { query: { code } }),
  detail: (code) => callApi(regionByCode, { query: { code } }),
}
