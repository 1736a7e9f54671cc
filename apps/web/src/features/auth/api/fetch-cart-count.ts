import { cartCount } from '@rs/shared/api-paths'
import { callApi } from '../../../lib/api-client'

/** GET the number of scenes in the user's cart. */
export function fetchCartCount(): Promise<number> {
  return callApi(cartCount)
}
