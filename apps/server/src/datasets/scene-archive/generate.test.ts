import { spawnSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { SATELLITE_DATA_DIR } from '../../db/reference-data'
import { deriveSensors, memberCode, parseTle, type SatelliteFacts } from '../../db/satellite-data'
import { type ArchiveSatellite, type GeneratedScene, generateScenes } from './generate'
import { DEFAULT_ARCHIVE_SETTINGS } from './settings'

const facts = JSON.parse(readFileSync(path.join(SATELLITE_DATA_DIR, 'satellites.json'), 'utf8')) as SatelliteFacts[]
const tle = parseTle(readFileSync(path.join(SATELLITE_DATA_DIR, 'tle/resource.tle'), 'utf8'), facts)
const sensors = deriveSensors(facts)

/** A satellite of the catalogue as the loader reads it from the database. */
function satellite(code: string, kind: ArchiveSatellite['kind']): ArchiveSatellite {
  const own = sensors.filter((s) => s.satellite === code && s.resolution_m && s.swath_km)
  const element = tle.rows.find((t) => memberCode(t.member) === code && own.some((s) => s.slug === t.slug))
  if (!element || own.length === 0) throw new Error(`no elements or sensors for ${code}`)
  return {
    code,
    slug: element.slug,
    kind,
    noradId: element.norad_id,
    line1: element.line1,
    line2: element.line2,
    sensors: own.map((s) => ({
      id: s.sensor_id,
      name: s.sensor_name,
      resolutionM: s.resolution_m as number,
      swathKm: s.swath_km as number,
    })),
  }
}

const SATS = [satellite('GF1', 'optical'), satellite('GF2', 'optical'), satellite('LANDSAT-9', 'optical'), satellite('GF3', 'radar')]
const SETTINGS = { ...DEFAULT_ARCHIVE_SETTINGS, start: '2026-06-10T00:00:00Z', days: 2, density: 1 }
const run = (seed = SETTINGS.seed) => [...generateScenes(SATS, { ...SETTINGS, seed })]

describe('the generated archive', () => {
  const scenes = run()

  it('is a function of its settings: same seed, same rows; another seed, other rows', () => {
    expect(scenes.length).toBeGreaterThan(100)
    expect(JSON.stringify(run())).toBe(JSON.stringify(scenes))
    expect(JSON.stringify(run(7))).not.toBe(JSON.stringify(scenes))
    expect(new Set(scenes.map((s) => s.id)).size).toBe(scenes.length)
  })

  it('keeps optical scenes in daylight over the area, radar at any hour, off-nadir only for agile satellites', () => {
    for (const s of scenes) {
      expect(s.centre[0]).toBeGreaterThanOrEqual(70)
      expect(s.centre[0]).toBeLessThanOrEqual(140)
      if (s.satellite !== 'GF3') expect(s.sunElevationDeg).toBeGreaterThan(10)
      else expect(s.cloudPercent).toBe(0)
      if (s.resolutionM > 1) expect(s.offNadirDeg).toBe(0)
      expect(s.cloudPercent).toBeGreaterThanOrEqual(0)
      expect(s.cloudPercent).toBeLessThanOrEqual(100)
    }
    // GF-3 flies a dawn-dusk orbit: radar frames where an optical one would be dropped
    expect(scenes.some((s) => s.satellite === 'GF3' && s.sunElevationDeg <= 10)).toBe(true)
    expect(scenes.some((s) => s.satellite === 'GF2' && Math.abs(s.offNadirDeg) > 10)).toBe(true)
    const landsat = scenes.find((s) => s.satellite === 'LANDSAT-9')
    expect(landsat?.fileName).toMatch(/^LC09_L1TP_\d{6}_\d{8}_\d{8}_02_T1\.tar$/)
    expect(scenes.find((s) => s.satellite === 'GF1')?.fileName).toMatch(/^GF1_(PMS|WFV)\d_E\d+\.\d_N\d+\.\d_\d{8}_L\d[AB]?\d{10}\.tar\.gz$/)
  })

  it('agrees with pyproj (swath width), PyEphem (sun elevation) and skyfield/sgp4 (ground track)', () => {
    // a sample of every kind: nadir Landsat frames check the track; all check width and sun
    const pick = (f: (s: GeneratedScene) => boolean, n: number) => scenes.filter(f).slice(0, n)
    const sample = [
      ...pick((s) => s.satellite === 'LANDSAT-9', 8),
      ...pick((s) => s.satellite === 'GF2' && Math.abs(s.offNadirDeg) > 10, 4),
      ...pick((s) => s.satellite === 'GF1' && s.sensor === 'WFV1', 4),
      ...pick((s) => s.satellite === 'GF3', 4),
    ]
    const bySat = new Map(SATS.map((s) => [s.code, s]))
    const script = fileURLToPath(new URL('./check.py', import.meta.url))
    const input = sample.map((s) => ({ ...s, line1: bySat.get(s.satellite)?.line1, line2: bySat.get(s.satellite)?.line2 }))
    const res = spawnSync('/usr/bin/python3', [script], { input: JSON.stringify(input), encoding: 'utf8' })
    expect(res.stderr).toBe('')
    const checks = JSON.parse(res.stdout) as Array<{ widths: number[]; sun: number; trackM: number }>
    checks.forEach((c, i) => {
      const s = sample[i] as GeneratedScene
      const sensor = bySat.get(s.satellite)?.sensors.find((x) => x.id === s.sensor)
      const group = bySat.get(s.satellite)?.sensors.filter((x) => x.name === sensor?.name).length ?? 1
      const widthM = ((sensor?.swathKm ?? 0) * 1000) / group
      for (const w of c.widths) expect(Math.abs(w - widthM)).toBeLessThan(1)
      expect(Math.abs(c.sun - s.sunElevationDeg)).toBeLessThan(0.15)
      if (s.satellite === 'LANDSAT-9') expect(c.trackM).toBeLessThan(1000)
    })
  })
})
