import { useEffect, useRef, useState } from 'react'

/**
 * The value as it was `delayMs` after it last changed (by content: a value rebuilt each render with
 * the same JSON does not restart the wait), so a form's check is asked once typing pauses.
 */
export function useDebouncedValue<T>(value: T, delayMs: number): T {
  const key = JSON.stringify(value)
  const latest = useRef(value)
  latest.current = value
  const [settled, setSettled] = useState<{ key: string; value: T }>({ key, value })
  useEffect(() => {
    if (key === settled.key) return
    const timer = setTimeout(() => setSettled({ key, value: latest.current }), delayMs)
    return () => clearTimeout(timer)
  }, [key, delayMs, settled.key])
  return settled.value
}
