import type { MonitorModuleKey } from '@rs/shared'
import { hash32, rng } from '../scene-archive/random'
import type { EnergyPlant } from './plants'
import type { MonitorSpotSettings } from './settings'

/**
 * The demo monitoring spots, generated without the database: sites (a place and its shape) with
 * their spot type in each batch (null: absent), per module by its own plausible rule. Coordinates
 * are WGS84 lon/lat; the loader assigns each site to the county whose real boundary holds its
 * anchor point and drops the ones that fall in none (sea, border). Everything here is 示意.
 */

/** A county or city as the generator needs it: code, a point inside it (the region's centre) and its area. */
export interface RegionPoint {
  code: string
  lon: number
  lat: number
  areaKm2: number
}

export interface GeneratorInput {
  counties: readonly RegionPoint[]
  cities: readonly RegionPoint[]
  plants: readonly EnergyPlant[]
}

export interface GeneratedSite {
  module: MonitorModuleKey
  /** Stable across batches and versions of the same settings, e.g. "windmill-WRI1072152-03". */
  siteId: string
  /** Anchor point: the loader finds the county by it. */
  lon: number
  lat: number
  wkt: string
  /** Spot type per batch (index as settings.batches); null when the site is not in that batch. */
  types: Array<string | null>
  attributes: Record<string, string | number>
  /** Attributes that differ per batch (e.g. a deformation velocity), merged over `attributes`. */
  batchAttributes?: Array<Record<string, string | number>>
}

const M_PER_DEG = 111_320

function offset(lon: number, lat: number, eastM: number, northM: number): [number, number] {
  return [lon + eastM / (M_PER_DEG * Math.cos((lat * Math.PI) / 180)), lat + northM / M_PER_DEG]
}

const fmt = (p: [number, number]) => `${p[0].toFixed(6)} ${p[1].toFixed(6)}`

/** A rectangle of width × height metres turned by `angle` radians around its centre. */
export function rectangleWkt(lon: number, lat: number, widthM: number, heightM: number, angle: number): string {
  const c = Math.cos(angle)
  const s = Math.sin(angle)
  const corners = [
    [-widthM / 2, -heightM / 2],
    [widthM / 2, -heightM / 2],
    [widthM / 2, heightM / 2],
    [-widthM / 2, heightM / 2],
  ].map(([x, y]) => offset(lon, lat, (x as number) * c - (y as number) * s, (x as number) * s + (y as number) * c))
  return `POLYGON((${[...corners, corners[0] as [number, number]].map(fmt).join(',')}))`
}

/** An irregular star-shaped polygon of about `radiusM` with 7–11 vertices (a field, a pond, a plant site). */
export function blobWkt(lon: number, lat: number, radiusM: number, random: () => number): string {
  const n = 7 + Math.floor(random() * 5)
  const start = random() * Math.PI * 2
  const points: Array<[number, number]> = []
  for (let i = 0; i < n; i++) {
    const a = start + (i / n) * Math.PI * 2
    const r = radiusM * (0.7 + random() * 0.4)
    points.push(offset(lon, lat, r * Math.cos(a), r * Math.sin(a)))
  }
  return `POLYGON((${[...points, points[0] as [number, number]].map(fmt).join(',')}))`
}

/** A road: a polyline of `lengthM` from the anchor in a wandering direction, 4–6 vertices. */
export function roadWkt(lon: number, lat: number, lengthM: number, random: () => number): string {
  const n = 4 + Math.floor(random() * 3)
  let heading = random() * Math.PI * 2
  let p: [number, number] = [lon, lat]
  const points = [p]
  for (let i = 1; i < n; i++) {
    heading += (random() - 0.5) * 0.8
    const step = lengthM / (n - 1)
    p = offset(p[0], p[1], step * Math.cos(heading), step * Math.sin(heading))
    points.push(p)
  }
  return `LINESTRING(${points.map(fmt).join(',')})`
}

const pointWkt = (lon: number, lat: number) => `POINT(${fmt([lon, lat])})`

/** Picks from weighted entries. */
function pick<T>(random: () => number, entries: ReadonlyArray<readonly [T, number]>): T {
  const total = entries.reduce((s, [, w]) => s + w, 0)
  let x = random() * total
  for (const [value, w] of entries) {
    x -= w
    if (x < 0) return value
  }
  return (entries[entries.length - 1] as readonly [T, number])[0]
}

/** A cumulative-weight sampler over regions (weight by the province's share for the module, times an area factor). */
function regionSampler(regions: readonly RegionPoint[], weightOf: (r: RegionPoint) => number) {
  const cum: number[] = []
  let total = 0
  for (const r of regions) {
    total += Math.max(0, weightOf(r))
    cum.push(total)
  }
  return (random: () => number): RegionPoint => {
    const x = random() * total
    let lo = 0
    let hi = cum.length - 1
    while (lo < hi) {
      const mid = (lo + hi) >> 1
      if ((cum[mid] as number) > x) hi = mid
      else lo = mid + 1
    }
    return regions[lo] as RegionPoint
  }
}

/** A point near a region's centre, within a share of its radius (so it usually stays inside). */
function nearCentre(region: RegionPoint, random: () => number, share = 0.45): [number, number] {
  const radiusM = Math.sqrt(Math.max(region.areaKm2, 1) / Math.PI) * 1000 * share
  const a = random() * Math.PI * 2
  const r = radiusM * Math.sqrt(random())
  return offset(region.lon, region.lat, r * Math.cos(a), r * Math.sin(a))
}

/** Weights by province (two-digit prefix) for where a module's spots cluster; 1 elsewhere. */
const byProvince =
  (weights: Record<string, number>, other = 1) =>
  (r: RegionPoint) =>
    weights[r.code.slice(0, 2)] ?? other

/** Grain provinces: Henan, Shandong, Hebei, Jiangsu, Anhui, Hubei, Hunan, Sichuan, Heilongjiang, Jilin, Inner Mongolia. */
const FARMING = { '41': 6, '37': 6, '13': 5, '32': 4, '34': 5, '42': 4, '43': 4, '51': 4, '23': 5, '22': 4, '15': 3 }
/** Steel-producing provinces: Hebei first, then Jiangsu, Shandong, Liaoning, Shanxi, Anhui, Hubei, Inner Mongolia. */
const STEEL = { '13': 12, '32': 5, '37': 5, '21': 4, '14': 4, '34': 2, '42': 2, '15': 2, '41': 2 }
/**
 * Known land-subsidence areas (centre, radius km, relative number of points): North China Plain,
 * Fenwei basin, Yangtze delta, and the coal-mining subsidence of 乌海 and the 神东 field (鄂尔多斯).
 */
const SUBSIDENCE: ReadonlyArray<readonly [number, number, number, number]> = [
  [116.85, 38.3, 40, 3],
  [117.1, 39.1, 35, 2],
  [116.65, 39.9, 25, 2],
  [115.7, 37.7, 30, 2],
  [116.3, 37.4, 25, 1],
  [108.95, 34.27, 20, 2],
  [112.55, 37.85, 20, 1],
  [121.45, 31.2, 25, 1],
  [120.4, 31.5, 40, 2],
  [115.8, 32.9, 25, 1],
  [106.85, 39.6, 15, 1],
  [109.85, 39.5, 15, 1],
]

/** A first batch: 0 for most sites (there from the start), later for a share of them. */
function firstBatch(random: () => number, batches: number, laterShare: number): number {
  return random() < laterShare ? 1 + Math.floor(random() * (batches - 1)) : 0
}

function windmill(input: GeneratorInput, n: number, seed: number): GeneratedSite[] {
  const out: GeneratedSite[] = []
  for (const plant of input.plants) {
    if (plant.fuel !== 'Wind') continue
    const random = rng(hash32(plant.id, seed))
    const first = firstBatch(random, n, 0.3)
    const turbines = Math.min(6, Math.max(2, Math.round(plant.capacityMw / 12)))
    const angle = random() * Math.PI
    const perRow = Math.ceil(Math.sqrt(turbines))
    const spacing = 450 + random() * 200
    for (let t = 0; t < turbines; t++) {
      const x = ((t % perRow) - (perRow - 1) / 2) * spacing + (random() - 0.5) * 120
      const y = (Math.floor(t / perRow) - (perRow - 1) / 2) * spacing * 1.6 + (random() - 0.5) * 120
      const [lon, lat] = offset(plant.lon, plant.lat, x * Math.cos(angle) - y * Math.sin(angle), x * Math.sin(angle) + y * Math.cos(angle))
      // a farm built later is seen under construction in its first batch
      const types = Array.from({ length: n }, (_, b) => (b < first ? null : b === first && first > 0 ? 'construction' : 'built'))
      out.push({
        module: 'windmill',
        siteId: `windmill-${plant.id}-${String(t + 1).padStart(2, '0')}`,
        lon,
        lat,
        wkt: pointWkt(lon, lat),
        types,
        attributes: {
          plantName: plant.name,
          capacityMw: plant.capacityMw,
          dataSource: plant.source,
          hubHeightM: 70 + Math.round(random() * 30),
        },
      })
    }
  }
  return out
}

function pvland(input: GeneratorInput, n: number, seed: number): GeneratedSite[] {
  const out: GeneratedSite[] = []
  for (const plant of input.plants) {
    if (plant.fuel !== 'Solar') continue
    const random = rng(hash32(plant.id, seed))
    const first = firstBatch(random, n, 0.25)
    // about 2 ha of land per MW of panels, at most 3 km²
    const areaM2 = Math.min(3e6, plant.capacityMw * 20_000)
    const aspect = 1 + random()
    const width = Math.sqrt(areaM2 * aspect)
    const angle = (random() - 0.5) * 0.3
    const attributes = { plantName: plant.name, capacityMw: plant.capacityMw, dataSource: plant.source }
    out.push({
      module: 'pvland',
      siteId: `pvland-${plant.id}`,
      lon: plant.lon,
      lat: plant.lat,
      wkt: rectangleWkt(plant.lon, plant.lat, width, areaM2 / width, angle),
      types: Array.from({ length: n }, (_, b) => (b < first ? null : b === first && first > 0 ? 'construction' : 'built')),
      attributes,
    })
    // some parks grow: an extension beside the first field, found in a later batch
    if (random() < 0.12 && first < n - 1) {
      const from = first + 1 + Math.floor(random() * (n - first - 1))
      const [lon, lat] = offset(
        plant.lon,
        plant.lat,
        (width / 2 + width * 0.3) * Math.cos(angle),
        (width / 2 + width * 0.3) * Math.sin(angle),
      )
      out.push({
        module: 'pvland',
        siteId: `pvland-${plant.id}-x`,
        lon,
        lat,
        wkt: rectangleWkt(lon, lat, width * 0.5, (areaM2 / width) * 0.8, angle),
        types: Array.from({ length: n }, (_, b) => (b < from ? null : 'expanded')),
        attributes,
      })
    }
  }
  return out
}

function steelplant(input: GeneratorInput, n: number, seed: number, count: number): GeneratedSite[] {
  const random = rng(seed ^ 0x5733)
  const sample = regionSampler(input.cities, byProvince(STEEL, 0.4))
  const out: GeneratedSite[] = []
  for (let i = 0; i < count; i++) {
    const city = sample(random)
    const [lon, lat] = nearCentre(city, random, 0.25)
    const radius = 350 + random() * 600
    // change types of SPEC §9 against the previous batch: 不变 0, 扩张 1, 拆除 2 (then gone), 部分拆除 3
    const event = pick(random, [
      ['none', 70],
      ['1', 14],
      ['2', 8],
      ['3', 8],
    ] as const)
    const at = 1 + Math.floor(random() * (n - 1))
    const types = Array.from({ length: n }, (_, b) => {
      if (event === 'none' || b < at) return '0'
      if (b === at) return event
      return event === '2' ? null : '0'
    })
    out.push({
      module: 'steelplant',
      siteId: `steelplant-${String(i + 1).padStart(4, '0')}`,
      lon,
      lat,
      wkt: blobWkt(lon, lat, radius, random),
      types,
      attributes: { plantLabel: `GT-${city.code.slice(0, 4)}-${String(i + 1).padStart(3, '0')}` },
    })
  }
  return out
}

function nonagricultural(input: GeneratorInput, n: number, seed: number, perBatch: number): GeneratedSite[] {
  const random = rng(seed ^ 0x4e41)
  const sample = regionSampler(input.counties, byProvince(FARMING, 0.5))
  const out: GeneratedSite[] = []
  for (let b = 0; b < n; b++)
    for (let i = 0; i < perBatch; i++) {
      const county = sample(random)
      const [lon, lat] = nearCentre(county, random)
      const type = pick(random, [
        ['orchard', 30],
        ['greenway', 15],
        ['lake', 10],
        ['pond', 20],
        ['fallow', 25],
      ] as const)
      // a share is put right (整改) after one or two batches and leaves the later deliveries
      const until = random() < 0.25 ? b + 1 + Math.floor(random() * 2) : n
      out.push({
        module: 'nonagricultural',
        siteId: `nonagricultural-${b + 1}-${String(i + 1).padStart(5, '0')}`,
        lon,
        lat,
        wkt: blobWkt(lon, lat, 40 + random() * 120, random),
        types: Array.from({ length: n }, (_, k) => (k < b || k >= until ? null : type)),
        attributes: {
          landBefore: pick(random, [
            ['水田', 3],
            ['旱地', 5],
            ['水浇地', 2],
          ] as const),
        },
      })
    }
  return out
}

const LANDCOVER: Record<string, [string, string]> = {
  farmToBuilt: ['耕地', '建设用地'],
  forestToBuilt: ['林地', '建设用地'],
  grassToBuilt: ['草地', '建设用地'],
  farmToForest: ['耕地', '林地'],
  waterChange: ['水域', '其他'],
  other: ['其他', '其他'],
}

function landcover(input: GeneratorInput, n: number, seed: number, perBatch: number): GeneratedSite[] {
  const random = rng(seed ^ 0x4c43)
  // change happens where towns grow: weight by the county's closeness to its city, i.e. any county, eastern ones more
  const sample = regionSampler(input.counties, (r) => (r.lon > 105 ? 2 : 1))
  const out: GeneratedSite[] = []
  for (let b = 0; b < n; b++)
    for (let i = 0; i < perBatch; i++) {
      const county = sample(random)
      const [lon, lat] = nearCentre(county, random, 0.3)
      const type = pick(random, [
        ['farmToBuilt', 35],
        ['forestToBuilt', 10],
        ['grassToBuilt', 10],
        ['farmToForest', 15],
        ['waterChange', 10],
        ['other', 20],
      ] as const)
      const [fromClass, toClass] = LANDCOVER[type] as [string, string]
      out.push({
        module: 'landcover',
        siteId: `landcover-${b + 1}-${String(i + 1).padStart(5, '0')}`,
        lon,
        lat,
        wkt: blobWkt(lon, lat, 60 + random() * 250, random),
        // a change belongs to the period of its batch
        types: Array.from({ length: n }, (_, k) => (k === b ? type : null)),
        attributes: { fromClass, toClass },
      })
    }
  return out
}

const SEASONS = ['春季', '夏季', '秋季', '冬季']

function plantingstructure(input: GeneratorInput, batches: readonly string[], seed: number, count: number): GeneratedSite[] {
  const random = rng(seed ^ 0x5053)
  const sample = regionSampler(input.counties, byProvince(FARMING, 0.3))
  const out: GeneratedSite[] = []
  for (let i = 0; i < count; i++) {
    const county = sample(random)
    const [lon, lat] = nearCentre(county, random)
    // crops by climate: the north-east maize and soybean, the North China Plain wheat and maize, the south rice and rapeseed
    const crops: ReadonlyArray<readonly [string, number]> =
      lat > 40
        ? [
            ['maize', 50],
            ['soybean', 30],
            ['rice', 15],
            ['other', 5],
          ]
        : lat > 32
          ? [
              ['wheat', 45],
              ['maize', 40],
              ['soybean', 5],
              ['other', 10],
            ]
          : [
              ['rice', 60],
              ['rapeseed', 20],
              ['other', 20],
            ]
    const types = batches.map(() => pick(random, crops))
    out.push({
      module: 'plantingstructure',
      siteId: `plantingstructure-${String(i + 1).padStart(5, '0')}`,
      lon,
      lat,
      wkt: rectangleWkt(lon, lat, 200 + random() * 600, 150 + random() * 400, random() * Math.PI),
      types,
      attributes: {},
      batchAttributes: batches.map((b) => ({ cropSeason: SEASONS[Math.floor((Number(b.slice(4, 6)) - 1) / 3)] ?? '' })),
    })
  }
  return out
}

function road(input: GeneratorInput, n: number, seed: number, perBatch: number): GeneratedSite[] {
  const random = rng(seed ^ 0x5244)
  const sample = regionSampler(input.cities, () => 1)
  const out: GeneratedSite[] = []
  for (let b = 0; b < n; b++)
    for (let i = 0; i < perBatch; i++) {
      const city = sample(random)
      const [lon, lat] = nearCentre(city, random, 0.35)
      const type = random() < 0.6 ? 'new' : 'widened'
      out.push({
        module: 'road',
        siteId: `road-${b + 1}-${String(i + 1).padStart(5, '0')}`,
        lon,
        lat,
        wkt: roadWkt(lon, lat, 1000 + random() * 14_000, random),
        types: Array.from({ length: n }, (_, k) => (k === b ? type : null)),
        attributes: {
          roadClass: pick(random, [
            ['国道', 1],
            ['省道', 2],
            ['县道', 3],
            ['乡道', 4],
          ] as const),
          widthM: Math.round(7 + random() * 23),
        },
      })
    }
  return out
}

/** Deformation class of a velocity in mm/year (the module's spot types). */
export function deformationClass(velocity: number): string {
  if (velocity <= -50) return 'severe'
  if (velocity <= -20) return 'moderate'
  if (velocity <= -5) return 'mild'
  if (velocity <= 5) return 'stable'
  return 'uplift'
}

function surfaceDeform(n: number, seed: number, count: number): GeneratedSite[] {
  const random = rng(seed ^ 0x5344)
  const out: GeneratedSite[] = []
  for (let i = 0; i < count; i++) {
    const [clon, clat, radiusKm] = pick(
      random,
      SUBSIDENCE.map((c) => [c, c[3]] as const),
    )
    const d = radiusKm * 1000 * Math.sqrt(random()) * 1.4
    const a = random() * Math.PI * 2
    const [lon, lat] = offset(clon, clat, d * Math.cos(a), d * Math.sin(a))
    // subsidence deepest at the centre of the bowl, fading outwards; a little noise and a slow change per batch
    const base = -90 * Math.exp(-((d / (radiusKm * 1000)) ** 2)) + (random() - 0.4) * 12
    const trend = (random() - 0.5) * 4
    const velocities = Array.from({ length: n }, (_, b) => Math.round((base + trend * b) * 10) / 10)
    out.push({
      module: 'surfaceDeform',
      siteId: `surfaceDeform-${String(i + 1).padStart(5, '0')}`,
      lon,
      lat,
      wkt: pointWkt(lon, lat),
      types: velocities.map(deformationClass),
      attributes: { coherence: Math.round((0.6 + random() * 0.38) * 100) / 100 },
      batchAttributes: velocities.map((v) => ({ velocityMmPerYear: v })),
    })
  }
  return out
}

/** Every module's sites for the settings: deterministic in the seed, the plants and the regions given. */
export function generateSites(input: GeneratorInput, settings: MonitorSpotSettings): GeneratedSite[] {
  const n = settings.batches.length
  const k = (count: number) => Math.max(1, Math.round(count * settings.scale))
  // below scale 1 the energy modules keep every k-th real plant (a small set for tests); above it all of them
  const every = settings.scale < 1 ? Math.round(1 / settings.scale) : 1
  input = { ...input, plants: input.plants.filter((_, i) => i % every === 0) }
  return [
    ...landcover(input, n, settings.seed, k(450)),
    ...surfaceDeform(n, settings.seed, k(900)),
    ...road(input, n, settings.seed, k(300)),
    ...nonagricultural(input, n, settings.seed, k(350)),
    ...plantingstructure(input, settings.batches, settings.seed, k(900)),
    // the energy modules follow the real plants
    ...windmill(input, n, settings.seed),
    ...pvland(input, n, settings.seed),
    ...steelplant(input, n, settings.seed, k(250)),
  ]
}
