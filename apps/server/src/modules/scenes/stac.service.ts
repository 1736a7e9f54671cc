import { geometriesOf, quoteText } from '../../lib/filter/ast'
import { collectionId, encodeToken, StacError } from './stac-params'
import type { CollectionSummary, StacRepository, StacRow, StacSearch } from './stac-search'

/** How long the collections and their extents are kept before the archive is summed up again. */
export const COLLECTIONS_CACHE_MS = 5 * 60_000

export interface StacPage {
  rows: StacRow[]
  /** the token of the next page, when there is one */
  next?: string
}

/** The STAC API's rules over the repository: collections (cached), checked geometries, keyset pages. */
export function createStacService(repo: StacRepository, options: { cacheMs?: number } = {}) {
  const cacheMs = options.cacheMs ?? COLLECTIONS_CACHE_MS
  let cached: { at: number; value: Promise<CollectionSummary[]> } | undefined

  function collections(): Promise<CollectionSummary[]> {
    if (!cached || Date.now() - cached.at > cacheMs) {
      const value = repo.collections()
      value.catch(() => {
        cached = undefined
      })
      cached = { at: Date.now(), value }
    }
    return cached.value
  }

  async function collection(id: string): Promise<CollectionSummary> {
    const found = (await collections()).find((c) => collectionId(c) === id)
    if (!found) throw StacError.of(404, 'stac.errors.unknownCollection', { id: quoteText(id, 60) })
    return found
  }

  async function search(s: StacSearch): Promise<StacPage> {
    if (s.collections?.length) {
      const known = new Set((await collections()).map(collectionId))
      const unknown = s.collections.map(collectionId).find((id) => !known.has(id))
      if (unknown) throw StacError.of(400, 'stac.errors.unknownCollection', { id: quoteText(unknown, 60) })
    }
    const geometries = [...(s.intersects ? [s.intersects] : []), ...(s.filter ? geometriesOf(s.filter) : [])]
    if (geometries.length) {
      const reason = await repo.invalidReason(geometries)
      if (reason) throw StacError.of(400, 'stac.errors.invalidGeometry', { reason: quoteText(reason, 120) })
    }
    const page = await repo.search(s)
    return page.next ? { rows: page.rows, next: encodeToken(s.sortby, page.next) } : { rows: page.rows }
  }

  return { collections, collection, search, invalidateCollections: () => (cached = undefined) }
}

export type StacService = ReturnType<typeof createStacService>
