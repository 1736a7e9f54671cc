import { PASSWORD_MIN_LENGTH } from './constants'

/** Longest password accepted (characters). */
export const PASSWORD_MAX_LENGTH = 128
/** How many of the account's latest passwords (the current one included) a new password may not repeat (等保 level 3). */
export const PASSWORD_HISTORY_SIZE = 5

/** The four character classes of the rule; a password needs three of them. */
export const PASSWORD_CLASSES = [/[a-z]/, /[A-Z]/, /[0-9]/, /[^A-Za-z0-9]/] as const

/** How many character classes a password uses. */
export function passwordClassCount(password: string): number {
  return PASSWORD_CLASSES.filter((re) => re.test(password)).length
}

/**
 * Why a new password is refused (a message key), or undefined when the rule of 等保 level 3 holds:
 * 8–128 characters of three of four classes, not containing the user name. The history rule (not
 * one of the last five) needs the stored hashes and is the server's.
 */
export function passwordWeakness(password: string, username: string): 'errors.passwordWeak' | 'errors.passwordHasName' | undefined {
  const length = [...password].length
  if (length < PASSWORD_MIN_LENGTH || length > PASSWORD_MAX_LENGTH || passwordClassCount(password) < 3) return 'errors.passwordWeak'
  const name = username.trim().toLowerCase()
  if (name.length >= 3 && password.toLowerCase().includes(name)) return 'errors.passwordHasName'
  return undefined
}
