import type { UserInfo } from '@rs/shared'
import { userInfo } from '@rs/shared/api-paths'
import { callApi } from '../../../lib/api-client'

/** GET the logged-in user's information. */
export function fetchUserInfo(): Promise<UserInfo> {
  return callApi(userInfo)
}
