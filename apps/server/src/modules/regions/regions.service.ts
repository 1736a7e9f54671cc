import type { Region, RegionBoundary } from '@rs/shared'
import type { z } from 'zod'
import { ApiError } from '../../lib/errors'
import { type JsonText, jsonText } from '../../lib/json-text'
import type { RegionsRepository } from './regions.repository'

/** A GeoJSON Feature of a region's boundary (WGS84). */
export type RegionBoundaryFeature = z.input<typeof RegionBoundary>

interface RegionIndex {
  byCode: Map<string, Region>
  children: Map<string, Region[]>
  /** Each region as JSON text, serialised once: answers splice these instead of serialising again. */
  json: Map<string, string>
  /** The children list of each region with children, as JSON text. */
  childrenJson: Map<string, string>
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
      const json = new Map(regions.map((r) => [r.code, JSON.stringify(r)]))
      const childrenJson = new Map([...children].map(([code, list]) => [code, `[${list.map((r) => json.get(r.code)).join(',')}]`]))
      return { byCode, children, json, childrenJson }
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

  /** The chain from the province down to the region itself; empty for the whole country. */
  async function parentChain(code: string): Promise<Region[]> {
    const { byCode } = await loadIndex()
    const chain: Region[] = []
    for (let region = await detail(code); region.level !== 'country'; ) {
      chain.unshift(region)
      const parent = region.parentRegionId ? byCode.get(region.parentRegionId) : undefined
      if (!parent || chain.length > 5) break
      region = parent
    }
    return chain
  }

  return {
    detail,

    /** The region as JSON text (serialised once at the first look-up). */
    async detailJson(code: string): Promise<JsonText<Region>> {
      await detail(code)
      return jsonText((await loadIndex()).json.get(code) ?? '')
    },

    async children(code: string): Promise<Region[]> {
      await detail(code)
      return (await loadIndex()).children.get(code) ?? []
    },

    async childrenJson(code: string): Promise<JsonText<Region[]>> {
      await detail(code)
      return jsonText((await loadIndex()).childrenJson.get(code) ?? '[]')
    },

    parents: parentChain,

    async parentsJson(code: string): Promise<JsonText<Region[]>> {
      const { json } = await loadIndex()
      return jsonText(`[${(await parentChain(code)).map((r) => json.get(r.code)).join(',')}]`)
    },

    async search(name: string, limit: number): Promise<Region[]> {
      return repo.search(name, limit)
    },

    /** The boundary Feature as JSON text: PostGIS's GeoJSON geometry goes in untouched (never parsed). */
    async boundary(code: string): Promise<JsonText<RegionBoundaryFeature>> {
      const found = await repo.boundary(code)
      if (!found) throw ApiError.of(404, 'region.notFound', { code })
      if (found.geojson === null) throw ApiError.of(404, 'region.noBoundary', { code, name: found.name })
      const properties = JSON.stringify({ code, name: found.name, level: found.level })
      return jsonText(`{"type":"Feature","geometry":${found.geojson},"properties":${properties}}`)
    },
  }
}

export type RegionsService = ReturnType<typeof createRegionsService>
