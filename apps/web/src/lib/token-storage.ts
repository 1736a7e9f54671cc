import { TOKEN_STORAGE_KEY } from '@rs/shared'

/** The session token in local storage (SPEC.md §3); storage failures count as "no token". */
export function readToken(): string | null {
  try {
    return globalThis.localStorage?.getItem(TOKEN_STORAGE_KEY) ?? null
  } catch {
    return null
  }
}

export function writeToken(token: string): void {
  try {
    globalThis.localStorage?.setItem(TOKEN_STORAGE_KEY, token)
  } catch {
    // storage refused: the session lasts for this page only
  }
}

export function removeToken(): void {
  try {
    globalThis.localStorage?.removeItem(TOKEN_STORAGE_KEY)
  } catch {
    // nothing to remove
  }
}
