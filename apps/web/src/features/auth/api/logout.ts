import { logout } from '@rs/shared/api-paths'
import { callApi } from '../../../lib/api-client'

/** POST logout: ends the session on the server. */
export async function logoutSession(): Promise<void> {
  await callApi(logout)
}
