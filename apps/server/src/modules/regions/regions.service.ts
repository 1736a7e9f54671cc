import type { Region } from '@rs/shared'
import { ApiError } from '../../lib/errors'
import type { RegionsRepository } from './regions.repository'

/** A GeoJSON Feature of a region's boundary (WGS84). */
export interface RegionBoundaryFeature {
  type: 'Feature'
  geometry: { type: string; coordinates: unknown[] }
  properties: { code: string; name: string; level: string }
}

interface RegionIndex {
  byCode: Map<string, Region>
  children: Map<string, Region[]>
}

/**
 * Region look-ups: details, children, parent chain, name search and boundaries. Regions are
 * reference data that change only when the loader runs at start, so the ~3,200 records (without
 * shapes) are read once into memory; shapes and name search stay in the database.
 */
export function createRegionsService(repo: RegionsRepository) {
  let index: Promise<RegionIndex> | undefined

  function loadIndex(): Promise<RegionIndex> {
    index ??= repo.all().then((regions) => {
      const byCode = new Map(regions.map((r) => [r.code, r]))
      const children = new Map<string, Region[]>()
      for (const r of regions) if (r.parentRegionId) children.set(r.parentRegionId, [...(children.get(r.parentRegionId) ?? []), r])
      return { byCode, children }
    })
    index.catch(() => {
      index = undefined
    })
    return index
  }

  /** The region of a code; 404 with a Chinese message when there is none. */
  async function detail(code: string): Promise<Region> {
    const region = (await loadIndex()).byCode.get(code)
    if (!region) throw ApiError.of(404, 'region.notFound', { code })
    return region
  }

  return {
    detail,

    async children(code: string): Promise<Region[]> {
      await detail(code)
      return (await loadIndex()).children.get(code) ?? []
    },

    /** From the province down to the region itself; empty for the whole country. */
    async parents(code: string): Promise<Region[]> {
      const { byCode } = await loadIndex()
      const chain: Region[] = []
      for (let region = await detail(code); region.level !== 'country'; ) {
        chain.unshift(region)
        const parent = region.parentRegionId ? byCode.get(region.parentRegionId) : undefined
        if (!parent || chain.length > 5) break
        region = parent
      }
      return chain
    },

    async search(name: string, limit: number): Promise<Region[]> {
      return repo.search(name, limit)
    },

    async boundary(code: string): Promise<RegionBoundaryFeature> {
      const found = await repo.boundary(code)
      if (!found) throw ApiError.of(404, 'region.notFound', { code })
      if (found.geometry === null) throw ApiError.of(404, 'region.noBoundary', { code, name: found.name })
      return {
        type: 'Feature',
        geometry: found.geometry as RegionBoundaryFeature['geometry'],
        properties: { code, name: found.name, level: found.level },
      }
    },
  }
}

export type RegionsService = ReturnType<typeof createRegionsService>
