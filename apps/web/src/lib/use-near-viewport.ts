import { type RefObject, useEffect, useState } from 'react'

/**
 * Whether an element has come within `margin` of the viewport (and stays true from then on): work
 * for what lies below the fold waits until the reader scrolls towards it. False on the server and
 * on the first render in the browser, so a page the server rendered is taken over as it was sent.
 * Where IntersectionObserver is missing (old browsers, tests), true after the first render.
 */
export function useNearViewport(ref: RefObject<Element | null>, margin = '200px'): boolean {
  const [near, setNear] = useState(false)
  useEffect(() => {
    const element = ref.current
    if (near || !element) return
    if (typeof IntersectionObserver === 'undefined') {
      setNear(true)
      return
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          setNear(true)
          observer.disconnect()
        }
      },
      { rootMargin: margin },
    )
    observer.observe(element)
    return () => observer.disconnect()
  }, [ref, margin, near])
  return near
}
