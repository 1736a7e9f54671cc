import GeoJSONVT from 'geojson-vt'
import { fromGeojsonVt } from 'vt-pbf'
import { openDatabase } from '../apps/server/src/db/database'
import { findLayer } from '../apps/server/src/modules/map/layers'
import { createMapRepository } from '../apps/server/src/modules/map/map.repository'
const h = await openDatabase({ dataDir: '/tmp/perf-scratch/pglcopy' })
const repo = createMapRepository(h.db)
const layer = findLayer('region_county')!
for (const [z, x, y, west, south, east, north] of [[3, 6, 3, 90, 21, 135, 56], [3, 6, 3, 90, 21, 135, 56], [4, 12, 6, 90, 21, 112, 41], [4, 12, 6, 90, 21, 112, 41], [1, 1, 0, 0, 0, 180, 85], [1, 1, 0, 0, 0, 180, 85]] as const) {
  const tol = ((east - west) * 4) / 4096
  let t0 = performance.now()
  const fc = await repo.tileFeatures(layer, z, { minx: west, miny: south, maxx: east, maxy: north }, tol)
  const tSql = performance.now() - t0; t0 = performance.now()
  const parsed = JSON.parse(fc)
  const tParse = performance.now() - t0; t0 = performance.now()
  const idx = new GeoJSONVT(parsed, { maxZoom: z, indexMaxZoom: 0, indexMaxPoints: 0, tolerance: 4, extent: 4096, buffer: 64 })
  const tile = idx.getTile(z, x, y)
  const tVt = performance.now() - t0; t0 = performance.now()
  const pbf = fromGeojsonVt({ l: tile ?? { features: [] } } as never, { version: 2, extent: 4096 })
  console.log(z, parsed.features.length, fc.length, 'sql', tSql.toFixed(0), 'parse', tParse.toFixed(0), 'vt', tVt.toFixed(0), 'pbf', (performance.now() - t0).toFixed(0), pbf.length)
}
await h.close()
