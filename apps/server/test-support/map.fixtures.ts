import { type Kysely, sql } from 'kysely'
import type { Database } from '../src/db/schema'

/**
 * A few real-looking regions for the map-service tests (rough outlines of the real boundaries,
 * a few dozen vertices each). Inserted with ON CONFLICT DO NOTHING, so tests also run when the
 * reference-data loader has filled the tables with the real boundaries; assertions therefore read
 * expected counts from the database instead of hard-coding them.
 */

type Ring = Array<[number, number]>

const BEIJING: Ring = [
  [115.42, 39.45],
  [116.0, 39.6],
  [116.43, 39.45],
  [116.9, 39.7],
  [117.2, 39.95],
  [117.45, 40.2],
  [117.4, 40.68],
  [116.9, 41.05],
  [116.4, 40.95],
  [115.95, 40.6],
  [115.43, 40.45],
  [115.7, 40.15],
  [115.42, 39.45],
]
const TIANJIN: Ring = [
  [116.72, 38.6],
  [117.5, 38.6],
  [117.95, 38.9],
  [118.05, 39.25],
  [117.8, 39.6],
  [117.75, 40.05],
  [117.55, 40.2],
  [117.3, 39.85],
  [117.0, 39.65],
  [116.95, 39.45],
  [116.75, 39.2],
  [116.72, 38.6],
]
const HEBEI: Ring = [
  [113.5, 36.1],
  [114.8, 36.1],
  [116.3, 37.5],
  [117.8, 38.3],
  [118.5, 39.0],
  [119.7, 39.9],
  [119.0, 40.6],
  [118.0, 41.5],
  [117.0, 42.6],
  [115.5, 42.5],
  [114.0, 42.1],
  [113.8, 41.0],
  [114.0, 40.0],
  [113.5, 39.0],
  [114.0, 38.0],
  [113.5, 36.1],
]
const SHANGHAI: Ring = [
  [120.85, 30.7],
  [121.9, 30.85],
  [121.95, 31.5],
  [121.3, 31.87],
  [120.85, 31.4],
  [120.85, 30.7],
]
const GUANGDONG: Ring = [
  [109.7, 20.2],
  [111.0, 21.4],
  [113.0, 22.0],
  [114.3, 22.3],
  [116.5, 22.9],
  [117.3, 23.6],
  [116.5, 24.6],
  [115.5, 24.9],
  [114.5, 25.3],
  [113.5, 25.5],
  [112.0, 24.8],
  [111.3, 24.0],
  [110.0, 21.9],
  [109.7, 20.2],
]
const DONGCHENG: Ring = [
  [116.38, 39.86],
  [116.45, 39.86],
  [116.45, 39.97],
  [116.38, 39.97],
  [116.38, 39.86],
]
const CHINA: Ring = [
  [73.5, 39],
  [80, 45],
  [87, 49],
  [97, 42.5],
  [105, 41.5],
  [111, 43.5],
  [119, 50],
  [126, 53],
  [135, 48],
  [131, 43],
  [125, 40],
  [121, 39],
  [122, 37],
  [120, 35],
  [122, 31],
  [119, 25.5],
  [117, 23.5],
  [111, 21.5],
  [108, 21.5],
  [106, 22.8],
  [101, 21.5],
  [98, 24],
  [97, 28],
  [92, 28],
  [88, 28],
  [80, 30],
  [78.5, 33],
  [73.5, 39],
]
const MONGOLIA: Ring = [
  [87.8, 49.2],
  [92, 50.7],
  [98, 52],
  [104, 50.3],
  [108, 49.3],
  [116, 50],
  [119.9, 46.7],
  [115, 45],
  [111, 43.5],
  [105, 41.5],
  [97, 42.5],
  [90.5, 45.2],
  [87.8, 49.2],
]

const ring = (r: Ring) => `(${r.map(([x, y]) => `${x} ${y}`).join(', ')})`
const wkt = (...rings: Ring[]) => `MULTIPOLYGON((${rings.map(ring).join(', ')}))`

export const FIXTURE_REGIONS = [
  { code: '110000', name: '北京市', fullName: '北京市', level: 'province', parent: '100000', wkt: wkt(BEIJING) },
  { code: '120000', name: '天津市', fullName: '天津市', level: 'province', parent: '100000', wkt: wkt(TIANJIN) },
  { code: '130000', name: '河北省', fullName: '河北省', level: 'province', parent: '100000', wkt: wkt(HEBEI, BEIJING, TIANJIN) },
  { code: '310000', name: '上海市', fullName: '上海市', level: 'province', parent: '100000', wkt: wkt(SHANGHAI) },
  { code: '440000', name: '广东省', fullName: '广东省', level: 'province', parent: '100000', wkt: wkt(GUANGDONG) },
  { code: '110100', name: '市辖区', fullName: '北京市 市辖区', level: 'city', parent: '110000', wkt: wkt(BEIJING) },
  { code: '110101', name: '东城区', fullName: '北京市 市辖区 东城区', level: 'county', parent: '110100', wkt: wkt(DONGCHENG) },
]

export const BEIJING_CENTER: [number, number] = [116.4074, 39.9042]

export async function insertMapFixtures(db: Kysely<Database>) {
  await sql`INSERT INTO region (code, name, full_name, level, parent_code) VALUES ('100000', '中国', '中国', 'country', NULL)
    ON CONFLICT (code) DO NOTHING`.execute(db)
  for (const r of FIXTURE_REGIONS) {
    await sql`INSERT INTO region (code, name, full_name, level, parent_code, geom, center, area_km2)
      SELECT ${r.code}, ${r.name}, ${r.fullName}, ${r.level}, ${r.parent}, g, ST_PointOnSurface(g), round((ST_Area(g::geography) / 1e6)::numeric, 1)
      FROM (SELECT ST_GeomFromText(${r.wkt}, 4326) AS g) s
      ON CONFLICT (code) DO NOTHING`.execute(db)
  }
  for (const [code, name, nameEn, shape] of [
    ['156', '中国', 'China', CHINA],
    ['496', '蒙古', 'Mongolia', MONGOLIA],
  ] as const) {
    await sql`INSERT INTO global_region (code, name, name_en, geom) VALUES (${code}, ${name}, ${nameEn}, ST_GeomFromText(${wkt(shape)}, 4326))
      ON CONFLICT (code) DO NOTHING`.execute(db)
  }
}
