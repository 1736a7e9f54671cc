import { tZh } from '@rs/shared'
import { useEffect } from 'react'
import { useLocation, useMatches } from 'react-router'
import { recordVisit } from '../../features/statistics/api/increment-visit'
import type { RouteHandle } from '../route-tree'

let lastCountedKey: string | null = null

/** Counts each navigation under its route name with the Chinese title as label (SPEC.md §7). */
export function useVisitTracking(): void {
  const location = useLocation()
  const matches = useMatches()
  const node = (matches.at(-1)?.handle as RouteHandle | undefined)?.node

  useEffect(() => {
    if (!node || lastCountedKey === location.key) return
    lastCountedKey = location.key
    void recordVisit(node.name, tZh(node.title))
  }, [node, location.key])
}
