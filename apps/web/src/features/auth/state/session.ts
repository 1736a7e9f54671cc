import { isPasswordStale } from '@rs/shared'
import { ApiError, errorMessage, type UnauthorizedReason } from '../../../lib/api-client'
import { onCartChanged } from '../../../lib/cart'
import { getT } from '../../../lib/i18n'
import { navigateTo } from '../../../lib/navigation'
import { notify } from '../../../lib/notify'
import { removeToken, writeToken } from '../../../lib/token-storage'
import { type AutoLoginCode, loginAutomatically } from '../api/auto-login'
import { fetchAreaRange } from '../api/fetch-area-range'
import { fetchCartCount } from '../api/fetch-cart-count'
import { fetchUserInfo } from '../api/fetch-user-info'
import { logoutSession } from '../api/logout'
import { openLogin, signedOutState, useAuthStore } from './auth-store'

const HOME = '/home'

/** Clears the session locally: token, user, area range, cart count, menu and password warning. */
export function clearSession(): void {
  removeToken()
  useAuthStore.setState(signedOutState())
}

/** Reloads the cart badge; failures go to the console only (SPEC.md §8). */
export async function refreshCartCount(): Promise<void> {
  // an automatic login holds no cart: the server asks it for an account (auth rule 'account')
  if (useAuthStore.getState().user?.isServiceAccount) {
    useAuthStore.setState({ cartCount: 0 })
    return
  }
  try {
    const count = await fetchCartCount()
    useAuthStore.setState({ cartCount: count })
  } catch (error) {
    console.error('cart count failed', error)
  }
}

// any screen that changes the cart (archive, shopping page) reloads the badge through this
onCartChanged(() => void refreshCartCount())

/**
 * Loads the user of the stored token, then the area range and cart count. A failed user-info
 * fetch rejects (the caller clears the token); a failed area-range fetch sends the user home.
 */
export async function loadSession(): Promise<void> {
  useAuthStore.setState({ status: 'loading' })
  const user = await fetchUserInfo()
  let areaRanges: Awaited<ReturnType<typeof fetchAreaRange>> = []
  let isAreaRangeFailed = false
  try {
    areaRanges = await fetchAreaRange()
  } catch (error) {
    console.error('area range failed', error)
    isAreaRangeFailed = true
  }
  useAuthStore.setState({ user, areaRanges, status: 'ready' })
  void refreshCartCount()
  if (isAreaRangeFailed) void navigateTo(HOME)
}

/**
 * Reloads the logged-in user's information and area ranges in place (no loading state), after a
 * change the user made or an administrator granted.
 */
export async function refreshUser(): Promise<void> {
  const [user, areaRanges] = await Promise.all([fetchUserInfo(), fetchAreaRange()])
  useAuthStore.setState({ user, areaRanges })
}

/** After a successful login or automatic login: keep the token, load the session, check the password age. */
export async function startSession(token: string, options: { checkPassword?: boolean } = {}): Promise<void> {
  writeToken(token)
  useAuthStore.setState({ token })
  try {
    await loadSession()
  } catch (error) {
    clearSession()
    throw error
  }
  const { user } = useAuthStore.getState()
  if (options.checkPassword !== false && user && !user.isServiceAccount && isPasswordStale(user.lastModifyTime)) {
    useAuthStore.setState({ isPasswordWarning: true })
  }
}

/**
 * Leaves for the home page first and forgets the user after, so the screen being left never
 * sees a logged-out user (its guard would open the login popup).
 */
async function signOutToHome(options: { replace?: boolean } = {}): Promise<void> {
  // forget the token at once: later calls carry none and their 401s are not taken for a new expiry
  removeToken()
  useAuthStore.setState({ token: null, isLoginOpen: false, isUpgradeOpen: false, pendingTarget: null })
  try {
    await navigateTo(HOME, options)
  } finally {
    clearSession()
  }
}

/** On start with a stored token: load the user; on failure clear the token and go home. */
export async function restoreSession(): Promise<void> {
  if (!useAuthStore.getState().token) {
    useAuthStore.setState({ status: 'anonymous' })
    return
  }
  try {
    await loadSession()
  } catch (error) {
    console.error('session restore failed', error)
    await signOutToHome({ replace: true })
  }
}

/** The header's logout: tells the server, clears locally whatever it answers, returns home. */
export async function logout(): Promise<void> {
  const { token } = useAuthStore.getState()
  // The store forgets the token first, so a 401 from this very call is not taken for an expiry.
  useAuthStore.setState({ token: null })
  try {
    await logoutSession()
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 401)) notify.error(getT()('errors.logoutFailed'))
  }
  if (token !== null || useAuthStore.getState().user) await signOutToHome()
}

/**
 * A 401 from any call: logs out locally, goes home and warns, once. Calls that carried an older
 * token, or none, answer after the session is already gone and change nothing. An automatic
 * login asked for an account keeps its session and gets the login dialog, as a visitor does; the
 * screen stays (no target), so the user carries on there once logged in.
 */
export async function expireSession(sentToken: string | null, reason: UnauthorizedReason = 'expired'): Promise<void> {
  const { token } = useAuthStore.getState()
  if (!token || sentToken !== token) return
  if (reason === 'accountRequired') {
    openLogin(null)
    return
  }
  notify.warning(getT()('errors.sessionExpired'))
  await signOutToHome()
}
/** Link codes 1 and 2 log in with a service account; code 2 keeps its geojsonId for the next screen. */
export async function autoLoginWith(code: AutoLoginCode, geojsonId: string | null): Promise<boolean> {
  try {
    const token = await loginAutomatically(code)
    await startSession(token, { checkPassword: false })
    useAuthStore.setState({ autoLoginGeojsonId: code === 2 ? geojsonId : null })
    return true
  } catch (error) {
    if (!(error instanceof ApiError && error.isSilent)) notify.error(errorMessage(error))
    return false
  }
}
