/** Navigation for code outside components; the app binds the router at start. Resolves when the navigation is done. */
export type Navigate = (to: string, options?: { replace?: boolean; state?: unknown }) => Promise<void>

let current: Navigate = async (to) => {
  globalThis.location?.assign(to)
}

export function setNavigate(navigate: Navigate): void {
  current = navigate
}

export function navigateTo(to: string, options?: { replace?: boolean; state?: unknown }): Promise<void> {
  return current(to, options)
}
