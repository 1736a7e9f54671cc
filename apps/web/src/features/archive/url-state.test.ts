import type { AreaGeometry, SceneArea, SceneFilters } from '@rs/shared'
import { describe, expect, it } from 'vitest'
import {
  ARCHIVE_TAB,
  type ArchiveSearch,
  archiveSearchPath,
  areaKey,
  DEFAULT_FILTERS,
  DEFAULT_PAGE,
  DEFAULT_SORT,
  decodeArea,
  decodeFilters,
  decodeGeometry,
  decodePage,
  decodeSort,
  decodeTab,
  encodeArea,
  encodeFilters,
  encodeGeometry,
  encodePage,
  encodeSort,
  encodeTab,
  readSearch,
  writeSearch,
} from './url-state'

const roundTrip = <T>(value: T, encode: (v: T, p: URLSearchParams) => void, decode: (p: URLSearchParams) => T): T => {
  const params = new URLSearchParams()
  encode(value, params)
  // through the address text, as a reload or a shared link does
  return decode(new URLSearchParams(`?${params.toString()}`))
}

/** A circle of 64 sides around a centre, as the draw tool sends it. */
function circle(lon: number, lat: number, radiusDeg: number): [number, number][] {
  const ring: [number, number][] = []
  for (let i = 0; i < 64; i++) {
    const a = (i / 64) * 2 * Math.PI
    ring.push([Math.round((lon + radiusDeg * Math.cos(a)) * 1e7) / 1e7, Math.round((lat + radiusDeg * Math.sin(a)) * 1e7) / 1e7])
  }
  ring.push([...(ring[0] ?? [0, 0])] as [number, number])
  return ring
}

describe('area in the address', () => {
  it.each<SceneArea>([
    { mode: 'region', regionCode: '110000' },
    { mode: 'region', regionCode: '100000' },
    { mode: 'extent', bbox: [116.123456, 39.5, 117.25, 40.75] },
    { mode: 'extent', bbox: [-180, -90, 180, 90] },
    { mode: 'shp', uploadId: '0b8f2f0e-7a55-4d6a-9a53-0cbbcd0f1e22' },
    { mode: 'file', uploadId: '7c0a4d6e-1111-4a2b-8c3d-44556677aabb' },
    {
      mode: 'draw',
      geometry: {
        type: 'Polygon',
        coordinates: [
          [
            [116, 39],
            [117.5, 39],
            [117.5, 40.25],
            [116, 40.25],
            [116, 39],
          ],
        ],
      },
    },
  ])('keeps $mode', (area) => {
    expect(roundTrip(area, encodeArea, decodeArea)).toEqual(area)
  })

  it('keeps a drawn circle to 5 decimals in a few hundred characters', () => {
    const ring = circle(116.39, 39.91, 0.5)
    const geometry = { type: 'Polygon' as const, coordinates: [ring] }
    const text = encodeGeometry(geometry)
    expect(text.length).toBeLessThan(600)
    const back = decodeGeometry(text)
    expect(back?.type).toBe('Polygon')
    const got = ((back?.coordinates ?? []) as number[][][])[0] ?? []
    expect(got).toHaveLength(65)
    for (let i = 0; i < ring.length; i++) {
      expect(got[i]?.[0]).toBeCloseTo(ring[i]?.[0] ?? 0, 5)
      expect(got[i]?.[1]).toBeCloseTo(ring[i]?.[1] ?? 0, 5)
    }
    expect(got[0]).toEqual(got[64])
  })

  it('keeps a multipolygon with a hole', () => {
    const geometry: AreaGeometry = {
      type: 'MultiPolygon' as const,
      coordinates: [
        [
          [
            [100, 30],
            [101, 30],
            [101, 31],
            [100, 30],
          ],
          [
            [100.2, 30.1],
            [100.5, 30.1],
            [100.5, 30.4],
            [100.2, 30.1],
          ],
        ],
        [
          [
            [-179.5, -10],
            [-179, -10],
            [-179, -9.5],
            [-179.5, -10],
          ],
        ],
      ],
    }
    expect(decodeGeometry(encodeGeometry(geometry))).toEqual(geometry)
  })

  it('reads nothing from a mangled or out-of-world value', () => {
    const bad = [
      'mode=region&region=11',
      'mode=extent&bbox=1,2,3',
      'mode=extent&bbox=10,0,5,1',
      'mode=extent&bbox=-200,0,5,1',
      'mode=extent&bbox=a,b,c,d',
      'mode=shp&upload=not-a-uuid',
      'mode=draw&draw=',
      'mode=draw&draw=%3F%3F',
      'mode=other',
      '',
    ]
    for (const text of bad) expect(decodeArea(new URLSearchParams(text)), text).toBeNull()
  })

  it('tells two areas apart by their text', () => {
    expect(areaKey({ mode: 'region', regionCode: '110000' })).toBe(areaKey({ mode: 'region', regionCode: '110000' }))
    expect(areaKey({ mode: 'region', regionCode: '110000' })).not.toBe(areaKey({ mode: 'region', regionCode: '120000' }))
    expect(areaKey(null)).toBe('')
  })
})

describe('filters in the address', () => {
  it('keeps every filter', () => {
    const filters: SceneFilters = {
      satellites: ['GF1', 'ZY3-2'],
      sensors: ['GF2:PMS1', 'GF6:WFV'],
      startDate: '2026-01-01',
      endDate: '2026-06-30',
      cloudMax: 20,
      resolutionMin: 0.5,
      resolutionMax: 16,
      productLevels: ['L1A', 'L2A'],
      dataStatus: '3',
    }
    expect(roundTrip(filters, encodeFilters, decodeFilters)).toEqual(filters)
  })

  it('writes nothing for the defaults and reads the defaults back (data status 2)', () => {
    const params = new URLSearchParams()
    encodeFilters(DEFAULT_FILTERS, params)
    expect(params.toString()).toBe('')
    expect(decodeFilters(params)).toEqual(DEFAULT_FILTERS)
    expect(decodeFilters(params).dataStatus).toBe('2')
  })

  it('drops values the query would refuse', () => {
    const f = decodeFilters(new URLSearchParams('sat=GF1,bad code,gf2&sensor=GF1&cloud=150&resMin=-1&level=L9,L1B&status=7&from=2026-13'))
    expect(f).toEqual({ satellites: ['GF1'], sensors: [], productLevels: ['L1B'], dataStatus: '2' })
  })
})

describe('sort, page and tab in the address', () => {
  it('keeps each sort', () => {
    for (const sortField of ['time', 'cloud', 'resolution'] as const) {
      for (const sortOrder of ['asc', 'desc'] as const) {
        expect(roundTrip({ sortField, sortOrder }, encodeSort, decodeSort)).toEqual({ sortField, sortOrder })
      }
    }
    expect(decodeSort(new URLSearchParams('sort=name-up'))).toEqual(DEFAULT_SORT)
  })

  it('keeps page number and size, defaults pageNum 1 / pageSize 20 (SPEC §9)', () => {
    expect(roundTrip({ pageNum: 7, pageSize: 50 }, encodePage, decodePage)).toEqual({ pageNum: 7, pageSize: 50 })
    expect(roundTrip({ pageNum: 1, pageSize: 100 }, encodePage, decodePage)).toEqual({ pageNum: 1, pageSize: 100 })
    expect(decodePage(new URLSearchParams('page=0&size=30'))).toEqual(DEFAULT_PAGE)
    expect(decodePage(new URLSearchParams('page=2.5&size=abc'))).toEqual(DEFAULT_PAGE)
    expect(decodePage(new URLSearchParams('page=501'))).toEqual(DEFAULT_PAGE)
  })

  it('keeps the tab (SELECT 1, RESULT 2, COVERAGE 3)', () => {
    for (const tab of [ARCHIVE_TAB.SELECT, ARCHIVE_TAB.RESULT, ARCHIVE_TAB.COVERAGE]) expect(roundTrip(tab, encodeTab, decodeTab)).toBe(tab)
    expect(decodeTab(new URLSearchParams('tab=9'))).toBe(ARCHIVE_TAB.SELECT)
  })
})

describe('the whole search', () => {
  it('comes back the same from its address and keeps foreign parameters', () => {
    const search: ArchiveSearch = {
      area: { mode: 'region', regionCode: '150000' },
      filters: { ...DEFAULT_FILTERS, satellites: ['GF1'], cloudMax: 30 },
      sort: { sortField: 'cloud', sortOrder: 'asc' },
      page: { pageNum: 3, pageSize: 50 },
      tab: ARCHIVE_TAB.COVERAGE,
      run: true,
    }
    const params = writeSearch(search, new URLSearchParams('geojsonId=abc'))
    expect(params.get('geojsonId')).toBe('abc')
    expect(readSearch(new URLSearchParams(params.toString()))).toEqual(search)
  })

  it('does not run a search without an area', () => {
    expect(readSearch(new URLSearchParams('run=1&tab=2')).run).toBe(false)
  })

  it("links one satellite's archived scenes of an area as a search already run on RESULT", () => {
    const area: SceneArea = { mode: 'shp', uploadId: '0f8fad5b-d9cb-469f-a165-70867728950e' }
    const path = archiveSearchPath(area, 'GF1')
    expect(path.startsWith('/normal?')).toBe(true)
    expect(readSearch(new URLSearchParams(path.slice(path.indexOf('?'))))).toEqual({
      area,
      filters: { ...DEFAULT_FILTERS, satellites: ['GF1'] },
      sort: DEFAULT_SORT,
      page: DEFAULT_PAGE,
      tab: ARCHIVE_TAB.RESULT,
      run: true,
    })
  })
})
