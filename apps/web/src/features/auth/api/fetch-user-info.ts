import { type UserInfo, userInfo } from '@rs/shared'
import { callApi } from '../../../lib/api-client'

/** GET the logged-in user's information. */
export function fetchUserInfo(): Promise<UserInfo> {
  return callApi(userInfo)
}
