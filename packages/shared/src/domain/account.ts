/** Rules of self-registration and verification codes (issue 11), named once for server and web. */

/** User names chosen at registration: 4–32 letters, digits or underscores, starting with a letter (never a phone number or e-mail). */
export const USERNAME_PATTERN = /^[A-Za-z][A-Za-z0-9_]{3,31}$/
/** A mainland-China mobile number. */
export const TELEPHONE_PATTERN = /^1[3-9]\d{9}$/
/** A plain ASCII e-mail address (checked after trimming and lower-casing). */
export const EMAIL_PATTERN = /^[a-z0-9._%+-]{1,64}@[a-z0-9-]+(\.[a-z0-9-]+)*\.[a-z]{2,}$/
export const EMAIL_MAX_LENGTH = 254

/** What a verification code is for: registering, resetting the password, changing the account's e-mail or telephone. */
export const VERIFY_PURPOSES = ['register', 'reset', 'change'] as const
export type VerifyPurpose = (typeof VERIFY_PURPOSES)[number]
/** Where a code goes. */
export const VERIFY_CHANNELS = ['email', 'telephone'] as const
export type VerifyChannel = (typeof VERIFY_CHANNELS)[number]

/** A code: 6 digits, valid 5 minutes, 5 wrong tries, resent after 60 s. */
export const VERIFY_CODE_PATTERN = /^\d{6}$/
export const VERIFY_CODE_DEFAULTS = { ttlSeconds: 300, maxTries: 5, resendSeconds: 60 } as const

/** Organisation types of the person information (message `account.organizationTypes.<key>`). */
export const ORGANIZATION_TYPES = ['government', 'institution', 'enterprise', 'research', 'other'] as const
export type OrganizationType = (typeof ORGANIZATION_TYPES)[number]
/** Industries of the person information (message `account.industries.<key>`). */
export const INDUSTRIES = [
  'naturalResources',
  'surveying',
  'agriculture',
  'environment',
  'water',
  'emergency',
  'forestry',
  'education',
  'other',
] as const
export type Industry = (typeof INDUSTRIES)[number]

/** How an e-mail or telephone is compared and stored: trimmed, e-mail lower-cased. */
export function normalizeAddress(channel: VerifyChannel, address: string): string {
  const trimmed = address.trim()
  return channel === 'email' ? trimmed.toLowerCase() : trimmed
}

/** An address shown to its owner with its middle hidden: a***@example.cn, 138****5678. */
export function maskAddress(channel: VerifyChannel, address: string): string {
  if (channel === 'telephone') return address.length === 11 ? `${address.slice(0, 3)}****${address.slice(7)}` : address
  const [local = '', domain = ''] = address.split('@')
  return `${local.slice(0, 1)}***@${domain}`
}
