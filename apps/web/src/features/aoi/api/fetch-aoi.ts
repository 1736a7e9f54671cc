import type { AoiUpload } from '@rs/shared'
import { aoiById } from '@rs/shared/api-paths'
import { callApi } from '../../../lib/api-client'

/** GET a stored area of interest by its upload id (e.g. the geojsonId an automatic login brings). */
export function fetchAoi(id: string): Promise<AoiUpload> {
  return callApi(aoiById, { query: { id } })
}
