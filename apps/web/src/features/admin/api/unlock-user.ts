import { adminUnlockUser } from '@rs/shared/api-paths'
import { callApi } from '../../../lib/api-client'

/** POST: lift the login lock of one account (MOD_001); recorded in the audit log. */
export function unlockUser(id: number) {
  return callApi(adminUnlockUser, { body: { id } })
}
