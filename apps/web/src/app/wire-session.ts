import { expireSession } from '../features/auth/state/session'
import { setUnauthorizedHandler } from '../lib/api-client'

/** Connects the API client's 401 signal to the session: log out locally, go home, warn once. */
export function wireSession(): void {
  setUnauthorizedHandler(expireSession)
}
