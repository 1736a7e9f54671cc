/** Toast messages for code outside components; the app binds antd's message API when it first renders. */
export interface Notifier {
  success(text: string): void
  warning(text: string): void
  error(text: string): void
}

type Kind = keyof Notifier

/** Messages sent before the app bound its notifier (e.g. a session found expired while the first page still loads). */
const MAX_WAITING = 20
let current: Notifier | null = null
const waiting: Array<[Kind, string]> = []

export function setNotifier(notifier: Notifier | null): void {
  current = notifier
  if (notifier) for (const [kind, text] of waiting.splice(0)) notifier[kind](text)
}

function send(kind: Kind, text: string): void {
  if (current) current[kind](text)
  else if (waiting.length < MAX_WAITING) waiting.push([kind, text])
}

export const notify: Notifier = {
  success: (text) => send('success', text),
  warning: (text) => send('warning', text),
  error: (text) => send('error', text),
}
