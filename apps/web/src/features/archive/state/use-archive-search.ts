import type { SceneQueryBody } from '@rs/shared'
import { useCallback, useMemo } from 'react'
import { useSearchParams } from 'react-router'
import { type ArchiveSearch, readSearch, writeSearch } from '../url-state'

/**
 * The image query as the address holds it, and how to change it. Every change replaces the
 * address except a new search, a page, a sort or a tab, which a person may want to go back to.
 */
export function useArchiveSearch() {
  const [params, setParams] = useSearchParams()
  const search = useMemo(() => readSearch(params), [params])
  const update = useCallback(
    (change: Partial<ArchiveSearch>, options: { replace?: boolean } = {}) => {
      // the address as it is now: react-router's functional update sees the parameters of the last render,
      // which two changes in one tick (a new area, then a tab) would overwrite
      const current = new URLSearchParams(window.location.search)
      setParams(writeSearch({ ...readSearch(current), ...change }, current), { replace: options.replace ?? false })
    },
    [setParams],
  )
  return { search, update }
}

/** The query body of a search that ran; null while none ran (or it has no area). */
export function queryBodyOf(search: ArchiveSearch): SceneQueryBody | null {
  if (!search.run || !search.area) return null
  return { area: search.area, filters: search.filters, sort: search.sort, pageNum: search.page.pageNum, pageSize: search.page.pageSize }
}
