/** Base path the portal is served under (history routing). */
export const BASE_PATH = '/chinese'

/** Paths the app links to by itself; route paths come from ROUTE_TREE. */
export const PATHS = {
  home: '/home',
  register: '/register',
  resetPassword: '/resetPassword',
  personalInfo: '/personal/personalCenter/info',
  cart: '/personal/personalCenter/shopping',
  normal: '/normal',
  orbitalPredict: '/orbitalPredict',
  statistics: '/statistics/coverage-statics',
  monitor: '/monitor/landcover',
  satellite: '/satellite/chinese',
  error401: '/401',
  error403: '/403',
  error404: '/404',
} as const

/** The portal's own home address, for the footer QR code when no app download address is set. */
export function portalHomeUrl(origin: string = globalThis.location?.origin ?? ''): string {
  return `${origin}${BASE_PATH}/home`
}
