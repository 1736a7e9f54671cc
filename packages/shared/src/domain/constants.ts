/** Business constants of SPEC.md §9, named once for server and web. */

/** Region code of the whole country. */
export const WHOLE_COUNTRY_CODE = '100000'
/** National code used by some statistics services. */
export const NATIONAL_CODE = '156000000'

export const DEFAULT_PAGE = { pageNum: 1, pageSize: 20 } as const
export const SEQUENCE_LIST_COUNT = 5
export const DEFAULT_GRID_LEVEL = 13
export const DEFAULT_GRID_LEVEL_DENSITY = 14

/** Days after the last password change when the warning appears. */
export const PASSWORD_WARNING_DAYS = 30
/** Length of the client-made captcha token. */
export const CAPTCHA_TOKEN_LENGTH = 32
/** Shortest password a user may choose (with three of: lower case, upper case, digits, signs). */
export const PASSWORD_MIN_LENGTH = 8
export const CAPTCHA_TOKEN_PATTERN = /^[A-Za-z0-9]{32}$/
/** Scroll offset in px after which the back-to-top button appears. */
export const BACK_TO_TOP_OFFSET_PX = 300
/** Cart badge shows "99+" above this count. */
export const CART_BADGE_MAX = 99
export const MAX_SATELLITE_CATALOGUE = 120
/** Time in ms after which a lazy screen chunk counts as failed. */
export const CHUNK_TIMEOUT_MS = 120_000
/** Reference width in px for the mobile viewport scaling. */
export const MOBILE_REFERENCE_WIDTH_PX = 1200

export const DEFAULTS = {
  purchaseYear: 2024,
  planYear: 2025,
  unitType: '省级',
  analysisOption: 1,
  yearOption: 1,
  month: 'qb',
  cjlx: 'sc',
  overlap: 0,
  regionId: WHOLE_COUNTRY_CODE,
  dataStatus: '2',
  baseLayer: 'VEC',
  legendSwitch: 'num',
} as const

/** Local-storage key of the session token (SPEC.md §3). */
export const TOKEN_STORAGE_KEY = 'token'
/** Request header that carries the session token (SPEC.md §7). */
export const TOKEN_HEADER = 'token'
/**
 * Request header that carries the caller's language (en-US or zh-CN): the portal's client sends it
 * with every call; without it (or with anything else) the server answers in Chinese. A link the
 * browser opens itself (an export, a download) carries `?lang=en-US` instead.
 */
export const LANGUAGE_HEADER = 'x-portal-lang'
/** Query parameter with the same meaning as {@link LANGUAGE_HEADER}, for links and shareable addresses. */
export const LANGUAGE_PARAM = 'lang'

/** Response header that carries the captcha's one-time public key for password encryption. */
export const LOGIN_KEY_HEADER = 'x-login-key'
