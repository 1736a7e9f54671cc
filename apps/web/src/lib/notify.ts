/** Toast messages for code outside components; the app binds antd's App message API at start. */
export interface Notifier {
  success(text: string): void
  warning(text: string): void
  error(text: string): void
}

const consoleNotifier: Notifier = {
  success: (text) => console.info(text),
  warning: (text) => console.warn(text),
  error: (text) => console.error(text),
}

let current: Notifier = consoleNotifier

export function setNotifier(notifier: Notifier | null): void {
  current = notifier ?? consoleNotifier
}

export const notify: Notifier = {
  success: (text) => current.success(text),
  warning: (text) => current.warning(text),
  error: (text) => current.error(text),
}
