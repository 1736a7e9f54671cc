import { ARCHIVE_LIMITS } from '@rs/shared'
import { create } from 'zustand'

/**
 * What the result list and the map share about the scenes on screen: the checked ids (kept across
 * pages, at most ARCHIVE_LIMITS.maxIds), the hovered id (list row ↔ footprint), the clicked scene
 * whose quicklook lies on the map and whose detail is open, and the 'fall figures' (落图) switch.
 */
export interface ResultState {
  checkedIds: string[]
  hoveredId: string | null
  activeId: string | null
  /** 落图: footprints of the results drawn on the map. */
  showFootprints: boolean
  toggleChecked: (id: string) => void
  /** Checks or unchecks several ids at once (a page's header box). */
  setCheckedMany: (ids: readonly string[], checked: boolean) => void
  /** Checks exactly these ids (the fewest-scenes cover). */
  checkOnly: (ids: readonly string[]) => void
  hover: (id: string | null) => void
  activate: (id: string | null) => void
  setShowFootprints: (show: boolean) => void
  /** A new search or a new area: nothing checked, hovered or open. */
  clear: () => void
}

const EMPTY = { checkedIds: [], hoveredId: null, activeId: null }

export const useResultStore = create<ResultState>((set, get) => ({
  ...EMPTY,
  showFootprints: true,
  toggleChecked: (id) => {
    const ids = get().checkedIds
    if (ids.includes(id)) set({ checkedIds: ids.filter((x) => x !== id) })
    else if (ids.length < ARCHIVE_LIMITS.maxIds) set({ checkedIds: [...ids, id] })
  },
  setCheckedMany: (ids, checked) => {
    const current = get().checkedIds
    if (!checked) {
      const drop = new Set(ids)
      set({ checkedIds: current.filter((x) => !drop.has(x)) })
      return
    }
    const have = new Set(current)
    const added = ids.filter((x) => !have.has(x))
    set({ checkedIds: [...current, ...added].slice(0, ARCHIVE_LIMITS.maxIds) })
  },
  checkOnly: (ids) => set({ checkedIds: [...new Set(ids)].slice(0, ARCHIVE_LIMITS.maxIds) }),
  hover: (id) => {
    if (get().hoveredId !== id) set({ hoveredId: id })
  },
  activate: (id) => set({ activeId: id }),
  setShowFootprints: (show) => set({ showFootprints: show }),
  clear: () => set(EMPTY),
}))
