import type { Region } from '@rs/shared'
import { ApiError } from '../../lib/errors'
import type { RegionsRepository } from './regions.repository'

/** A GeoJSON Feature of a region's boundary (WGS84). */
export interface RegionBoundaryFeature {
  type: 'Feature'
  geometry: { type: string; coordinates: unknown[] }
  properties: { code: string; name: string; level: string }
}

/** Region look-ups: details, children, parent chain, name search and boundaries. */
export function createRegionsService(repo: RegionsRepository) {
  /** The region of a code; 404 with a Chinese message when there is none. */
  async function detail(code: string): Promise<Region> {
    const region = await repo.byCode(code)
    if (!region) throw ApiError.of(404, 'region.notFound', { code })
    return region
  }

  return {
    detail,

    async children(code: string): Promise<Region[]> {
      await detail(code)
      return repo.children(code)
    },

    /** From the province down to the region itself; empty for the whole country. */
    async parents(code: string): Promise<Region[]> {
      await detail(code)
      return repo.chain(code)
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
