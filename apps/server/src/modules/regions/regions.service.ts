import type { Region, RegionBoundary } from '@rs/shared'
import { LRUCache } from 'lru-cache'
import type { z } from 'zod'
import { ApiError } from '../../lib/errors'
import { type FinishedJson, finishedJson, type JsonText, jsonText } from '../../lib/json-text'
import { currentLocale } from '../../lib/locale'
import { englishRegionName, isEnglish, localRegion, regionName } from '../../lib/region-names'
import type { RegionsRepository } from './regions.repository'

/** A GeoJSON Feature of a region's boundary (WGS84). */
export type RegionBoundaryFeature = z.input<typeof RegionBoundary>

/**
 * Bytes of finished boundary answers kept (least recently used go first): every region's boundary
 * is about 28 MB of GeoJSON, so the whole set fits.
 */
export const BOUNDARY_CACHE_BYTES = 64 * 1024 * 1024
/** Regions read per statement when the cache is filled at start (about 0.9 MB of GeoJSON). */
const PRELOAD_BATCH = 100
/** Boundaries change only when the loader runs (at start), which changes the version in the key; clients revalidate with the ETag. */
const BOUNDARY_CACHE_CONTROL = 'no-cache'

interface RegionIndex {
  /** Version of the loaded region data: part of every cached answer's key. */
  version: string
  byCode: Map<string, Region>
  children: Map<string, Region[]>
  /** The answers in Chinese, and in English once an English caller asked. */
  texts: { zh: RegionTexts; en?: RegionTexts }
  /** The English name of each region, lower case, for the name search in English. */
  englishLower: Map<string, string>
}

/** The regions as JSON text in one language, serialised once: answers splice these instead of serialising again. */
interface RegionTexts {
  json: Map<string, string>
  /** The children list of each region with children, as JSON text. */
  childrenJson: Map<string, string>
}

/** Each region and each children list as JSON text, the names in the current language. */
function regionTexts(regions: Region[], children: Map<string, Region[]>): RegionTexts {
  const json = new Map(regions.map((r) => [r.code, JSON.stringify(localRegion(r))]))
  const childrenJson = new Map([...children].map(([code, list]) => [code, `[${list.map((r) => json.get(r.code)).join(',')}]`]))
  return { json, childrenJson }
}

/**
 * Region look-ups: details, children, parent chain, name search and boundaries. Regions are
 * reference data that change only when the loader runs at start, so the ~3,200 records (without
 * shapes) are read once into memory and the name search runs there; shapes stay in the database,
 * each finished boundary answer kept in a bounded cache.
 */
export function createRegionsService(repo: RegionsRepository, options: { boundaryCacheBytes?: number } = {}) {
  let index: Promise<RegionIndex> | undefined
  // finished boundary answers by `${data version}/${code}`; concurrent misses of one key share a build
  const boundaries = new LRUCache<string, FinishedJson<RegionBoundaryFeature>>({
    maxSize: options.boundaryCacheBytes ?? BOUNDARY_CACHE_BYTES,
    sizeCalculation: (answer) => answer.body.byteLength + 100,
  })
  const building = new Map<string, Promise<FinishedJson<RegionBoundaryFeature>>>()

  function loadIndex(): Promise<RegionIndex> {
    index ??= Promise.all([repo.all(), repo.dataVersion()]).then(([regions, version]) => {
      const byCode = new Map(regions.map((r) => [r.code, r]))
      const children = new Map<string, Region[]>()
      for (const r of regions) if (r.parentRegionId) children.set(r.parentRegionId, [...(children.get(r.parentRegionId) ?? []), r])
      const englishLower = new Map(regions.map((r) => [r.code, (englishRegionName(r.code) ?? r.name).toLowerCase()]))
      return { version, byCode, children, texts: { zh: regionTexts(regions, children) }, englishLower }
    })
    index.catch(() => {
      index = undefined
    })
    return index
  }

  /** The regions as JSON text in the current language (the English ones built at the first English question). */
  async function texts(): Promise<RegionTexts> {
    const loaded = await loadIndex()
    if (!isEnglish()) return loaded.texts.zh
    loaded.texts.en ??= regionTexts([...loaded.byCode.values()], loaded.children)
    return loaded.texts.en
  }

  /** The region of a code (Chinese names); 404 with a message in the caller's language when there is none. */
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

  /** A boundary Feature as JSON text: PostGIS's GeoJSON geometry goes in untouched (never parsed). */
  function featureText(code: string, found: { name: string; level: string; geojson: string }): JsonText<RegionBoundaryFeature> {
    const properties = JSON.stringify({ code, name: regionName(code, found.name), level: found.level })
    return jsonText(`{"type":"Feature","geometry":${found.geojson},"properties":${properties}}`)
  }

  /** The boundary Feature as JSON text from the database. */
  async function boundaryText(code: string): Promise<JsonText<RegionBoundaryFeature>> {
    const found = await repo.boundary(code)
    if (!found) throw ApiError.of(404, 'region.notFound', { code })
    if (found.geojson === null) throw ApiError.of(404, 'region.noBoundary', { code, name: regionName(code, found.name) })
    return featureText(code, { ...found, geojson: found.geojson })
  }

  return {
    detail,

    /** The region as JSON text in the caller's language (serialised once per language). */
    async detailJson(code: string): Promise<JsonText<Region>> {
      await detail(code)
      return jsonText((await texts()).json.get(code) ?? '')
    },

    /** The children, named in the caller's language. */
    async children(code: string): Promise<Region[]> {
      await detail(code)
      return ((await loadIndex()).children.get(code) ?? []).map(localRegion)
    },

    async childrenJson(code: string): Promise<JsonText<Region[]>> {
      await detail(code)
      return jsonText((await texts()).childrenJson.get(code) ?? '[]')
    },

    /** The chain from the province down, named in the caller's language. */
    async parents(code: string): Promise<Region[]> {
      return (await parentChain(code)).map(localRegion)
    },

    async parentsJson(code: string): Promise<JsonText<Region[]>> {
      const { json } = await texts()
      return jsonText(`[${(await parentChain(code)).map((r) => json.get(r.code)).join(',')}]`)
    },

    /**
     * Regions whose name contains the text, from the index (the ranking of the repository's SQL
     * search: exact names first, then names starting with it, then the rest; fewer characters, then
     * the code), as JSON text in the caller's language. An English caller's text also matches the
     * English names, case-insensitively (ranked by the English name when only that matches).
     */
    async search(name: string, limit: number): Promise<JsonText<Region[]>> {
      const { byCode, englishLower } = await loadIndex()
      const { json } = await texts()
      const english = isEnglish()
      const lower = name.toLowerCase()
      const matched = (r: Region): { rank: number; chars: number } | undefined => {
        if (r.name.includes(name)) return { rank: r.name === name ? 0 : r.name.startsWith(name) ? 1 : 2, chars: [...r.name].length }
        const en = english ? englishLower.get(r.code) : undefined
        if (en === undefined || !en.includes(lower)) return undefined
        return { rank: en === lower ? 0 : en.startsWith(lower) ? 1 : 2, chars: en.length }
      }
      const found = [...byCode.values()]
        .flatMap((r) => {
          const match = matched(r)
          return match ? [{ r, ...match }] : []
        })
        .sort((a, b) => a.rank - b.rank || a.chars - b.chars || (a.r.code < b.r.code ? -1 : a.r.code > b.r.code ? 1 : 0))
        .slice(0, limit)
      return jsonText(`[${found.map(({ r }) => json.get(r.code)).join(',')}]`)
    },

    /**
     * The boundary Feature as a finished answer: PostGIS's GeoJSON geometry goes in untouched (never
     * parsed), the envelope is encoded once and kept (BOUNDARY_CACHE_BYTES) under the data version.
     * Unknown codes and regions without a shape are answered from the index, without SQL.
     */
    async boundary(code: string): Promise<FinishedJson<RegionBoundaryFeature>> {
      const region = await detail(code)
      if (!region.hasBoundary) throw ApiError.of(404, 'region.noBoundary', { code, name: localRegion(region).name })
      // the feature names the region in the caller's language: one answer per language
      const key = `${(await loadIndex()).version}/${code}${currentLocale() === 'zh-CN' ? '' : `/${currentLocale()}`}`
      const kept = boundaries.get(key)
      if (kept) return kept
      let build = building.get(key)
      if (!build) {
        build = boundaryText(code).then((text) => {
          const answer = finishedJson(text, BOUNDARY_CACHE_CONTROL)
          boundaries.set(key, answer)
          return answer
        })
        building.set(key, build)
        void build.finally(() => building.delete(key)).catch(() => {})
      }
      return build
    },

    /** The boundary Feature as JSON text, read from the database every time (the cache's source; tests compare the two). */
    boundaryText,

    /**
     * Fills the boundary cache in the background once the server listens, provinces first, then
     * cities and counties, while it has room: the first request for a region is then answered from
     * memory like every later one. Reads PRELOAD_BATCH regions per statement and yields between
     * batches, so requests are served meanwhile. Answers the number of boundaries kept.
     */
    async preloadBoundaries(): Promise<number> {
      const { version, byCode } = await loadIndex()
      const levels = ['province', 'city', 'county']
      const rank = (r: Region) => (levels.includes(r.level) ? levels.indexOf(r.level) : levels.length)
      const codes = [...byCode.values()]
        .filter((r) => r.hasBoundary)
        .sort((a, b) => rank(a) - rank(b) || (a.code < b.code ? -1 : 1))
        .map((r) => r.code)
      const room = boundaries.maxSize * 0.9
      let kept = 0
      for (let i = 0; i < codes.length && boundaries.calculatedSize < room; i += PRELOAD_BATCH) {
        for (const found of await repo.boundaries(codes.slice(i, i + PRELOAD_BATCH))) {
          const key = `${version}/${found.code}`
          if (found.geojson === null || boundaries.has(key)) continue
          boundaries.set(key, finishedJson(featureText(found.code, { ...found, geojson: found.geojson }), BOUNDARY_CACHE_CONTROL))
          kept++
        }
        await new Promise((resolve) => setImmediate(resolve))
      }
      return kept
    },
  }
}

export type RegionsService = ReturnType<typeof createRegionsService>
