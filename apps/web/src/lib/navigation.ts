/** Navigation for code outside components; the app binds the router at start. */
export type Navigate = (to: string, options?: { replace?: boolean; state?: unknown }) => void

let current: Navigate = (to) => {
  globalThis.location?.assign(to)
}

export function setNavigate(navigate: Navigate): void {
  current = navigate
}

export function navigateTo(to: string, options?: { replace?: boolean; state?: unknown }): void {
  current(to, options)
}
