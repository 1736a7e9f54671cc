import { MONITOR_MODULES, monitorModule } from '@rs/shared'
import { describe, expect, it } from 'vitest'
import { deformationClass, type GeneratorInput, generateSites } from './generate'
import { parseEnergyPlants, readEnergyPlantsText } from './plants'
import { DEFAULT_MONITOR_SPOT_SETTINGS } from './settings'

const plants = parseEnergyPlants(readEnergyPlantsText())
// three counties and two cities are enough for the rules (the loader uses every real one)
const input: GeneratorInput = {
  counties: [
    { code: '130181', lon: 115.33, lat: 38.38, areaKm2: 700 },
    { code: '410102', lon: 113.6, lat: 34.75, areaKm2: 200 },
    { code: '440303', lon: 114.13, lat: 22.55, areaKm2: 80 },
  ],
  cities: [
    { code: '130200', lon: 118.18, lat: 39.63, areaKm2: 13000 },
    { code: '320500', lon: 120.58, lat: 31.3, areaKm2: 8600 },
  ],
  plants,
}
const sites = generateSites(input, DEFAULT_MONITOR_SPOT_SETTINGS)
const n = DEFAULT_MONITOR_SPOT_SETTINGS.batches.length

describe('energy plants', () => {
  it('reads the 2,153 GPPD wind and solar plants', () => {
    expect(plants).toHaveLength(2153)
    expect(plants.filter((p) => p.fuel === 'Wind')).toHaveLength(835)
    expect(plants.find((p) => p.name === 'Gansu Wind Farm')?.capacityMw).toBe(6000)
  })
})

describe('generateSites', () => {
  it('is deterministic in its settings', () => {
    const again = generateSites(input, DEFAULT_MONITOR_SPOT_SETTINGS)
    expect(again.map((s) => `${s.siteId}|${s.wkt}|${s.types.join(',')}`)).toEqual(
      sites.map((s) => `${s.siteId}|${s.wkt}|${s.types.join(',')}`),
    )
    const other = generateSites(input, { ...DEFAULT_MONITOR_SPOT_SETTINGS, seed: 1 })
    expect(other.find((s) => s.module === 'landcover')?.wkt).not.toBe(sites.find((s) => s.module === 'landcover')?.wkt)
  })

  it('gives every site a unique id, a type per batch from its module and at least one batch', () => {
    expect(new Set(sites.map((s) => s.siteId)).size).toBe(sites.length)
    const bad = sites.filter((s) => {
      const values = new Set(monitorModule(s.module)?.spotTypes.map((x) => x.value))
      return s.types.length !== n || s.types.every((t) => t === null) || s.types.some((t) => t !== null && !values.has(t))
    })
    expect(bad.map((s) => s.siteId)).toEqual([])
  })

  it('draws each module in its geometry kind', () => {
    const kind = { polygon: 'POLYGON', line: 'LINESTRING', point: 'POINT' } as const
    for (const module of MONITOR_MODULES) {
      const own = sites.filter((s) => s.module === module.key)
      expect(own.length, module.key).toBeGreaterThan(0)
      for (const s of own) expect(s.wkt.startsWith(`${kind[module.geometry]}(`), s.siteId).toBe(true)
    }
  })

  it('puts turbines and PV land within a few kilometres of the real plants, named after them', () => {
    const plant = plants.find((p) => p.name === 'Abag Banner Huiteng Liang Phase 1')
    const turbines = sites.filter((s) => s.siteId.startsWith(`windmill-${plant?.id}-`))
    expect(turbines.length).toBeGreaterThanOrEqual(2)
    for (const t of turbines) {
      expect(Math.abs(t.lat - (plant?.lat ?? 0))).toBeLessThan(0.05)
      expect(t.attributes).toMatchObject({ plantName: plant?.name, capacityMw: 49, dataSource: 'UNFCCC CDM Registry' })
    }
    const solar = sites.filter((s) => s.module === 'pvland' && !s.siteId.endsWith('-x'))
    expect(solar).toHaveLength(1318)
  })

  it('follows the steel change rules: a demolished plant leaves the later batches', () => {
    const demolished = sites.filter((s) => s.module === 'steelplant' && s.types.includes('2'))
    expect(demolished.length).toBeGreaterThan(0)
    for (const s of demolished) {
      const at = s.types.indexOf('2')
      expect(s.types.slice(at + 1).every((t) => t === null)).toBe(true)
      expect(s.types.slice(0, at).every((t) => t === '0')).toBe(true)
    }
  })

  it('classes deformation velocities', () => {
    expect([-60, -30, -10, 0, 8].map(deformationClass)).toEqual(['severe', 'moderate', 'mild', 'stable', 'uplift'])
    const points = sites.filter((s) => s.module === 'surfaceDeform')
    expect(points.some((p) => p.types.includes('severe'))).toBe(true)
  })
})
