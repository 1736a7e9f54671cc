import { type RefObject, useLayoutEffect, useRef } from 'react'
import { ScrollRestoration as RouterScrollRestoration } from 'react-router'

/**
 * React Router's scroll restoration, except on the first render: a page the server rendered can be
 * scrolled before React takes it over, and the router would then put it back to the top (on a slow
 * phone, seconds after the person started reading, and under a finger about to tap a link). The
 * position at that first commit is read before the router's layout effect and put back after it;
 * later navigations are the router's alone.
 */
export function ScrollRestoration() {
  const early = useRef(0)
  return (
    <>
      <ReadFirstScroll into={early} />
      <RouterScrollRestoration />
      <KeepFirstScroll from={early} />
    </>
  )
}

// layout effects of siblings run in their order, so these two bracket the router's
function ReadFirstScroll({ into }: { into: RefObject<number> }) {
  useLayoutEffect(() => {
    into.current = window.scrollY
  }, [into])
  return null
}

function KeepFirstScroll({ from }: { from: RefObject<number> }) {
  useLayoutEffect(() => {
    if (from.current > 0 && window.scrollY !== from.current) window.scrollTo(0, from.current)
  }, [from])
  return null
}
