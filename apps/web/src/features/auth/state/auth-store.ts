import { type AreaRange, allowedRegionIds, type UserInfo } from '@rs/shared'
import { create } from 'zustand'
import { readToken } from '../../../lib/token-storage'

/** anonymous: no token; loading: a token's user is being loaded; ready: user known. */
export type SessionStatus = 'anonymous' | 'loading' | 'ready'

export interface AuthState {
  token: string | null
  user: UserInfo | null
  /** Active area-range records of the user (status 0, isDelete 0). */
  areaRanges: AreaRange[]
  cartCount: number
  /** Set after login when the password is older than 30 days (SPEC.md §4). */
  isPasswordWarning: boolean
  status: SessionStatus
  isLoginOpen: boolean
  isUpgradeOpen: boolean
  /** Where to go after login: the protected page the user asked for. */
  pendingTarget: string | null
  /** geojsonId brought by an automatic login with code 2, for the image-query screen. */
  autoLoginGeojsonId: string | null
}

const signedOut = {
  token: null,
  user: null,
  areaRanges: [],
  cartCount: 0,
  isPasswordWarning: false,
  status: 'anonymous',
} satisfies Partial<AuthState>

/** The session of SPEC.md §4: token, user, area range, cart count, password warning and the login dialogs. */
export const useAuthStore = create<AuthState>(() => {
  const token = readToken()
  return {
    ...signedOut,
    token,
    status: token ? 'loading' : 'anonymous',
    isLoginOpen: false,
    isUpgradeOpen: false,
    pendingTarget: null,
    autoLoginGeojsonId: null,
  }
})

/** Everything a logout clears (the menu follows from the user being gone). */
export function signedOutState(): Pick<AuthState, keyof typeof signedOut> {
  return { ...signedOut, areaRanges: [] }
}

export function openLogin(target?: string | null): void {
  useAuthStore.setState((s) => ({ isLoginOpen: true, pendingTarget: target === undefined ? s.pendingTarget : target }))
}

export function closeLogin(options: { keepTarget?: boolean } = {}): void {
  useAuthStore.setState((s) => ({ isLoginOpen: false, pendingTarget: options.keepTarget ? s.pendingTarget : null }))
}

export function openUpgrade(): void {
  useAuthStore.setState({ isLoginOpen: false, isUpgradeOpen: true })
}

export function closeUpgrade(): void {
  useAuthStore.setState({ isUpgradeOpen: false })
}

export function dismissPasswordWarning(): void {
  useAuthStore.setState({ isPasswordWarning: false })
}

/** Hands the code-2 geojsonId to whoever reads it (once). */
export function takeAutoLoginGeojsonId(): string | null {
  const id = useAuthStore.getState().autoLoginGeojsonId
  if (id) useAuthStore.setState({ autoLoginGeojsonId: null })
  return id
}

export const selectIsLoggedIn = (s: AuthState) => s.user !== null

/** Region codes of the user's regionId area ranges. */
export function areaRegionIdsOf(s: Pick<AuthState, 'areaRanges'>): string[] {
  return allowedRegionIds(s.areaRanges)
}
