import type { TypicalImage, TypicalImageKey } from '@rs/shared'
import { typicalImageRestore } from '@rs/shared/api-paths'
import { callApi } from '../../../lib/api-client'

/** DELETEs the real image of a sample so the illustration shows again (content editors only). */
export function restoreTypicalImage(key: TypicalImageKey): Promise<TypicalImage> {
  return callApi(typicalImageRestore, { query: { key } })
}
