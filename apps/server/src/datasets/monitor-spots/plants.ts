import { readFileSync } from 'node:fs'
import path from 'node:path'
import { parse } from 'csv-parse/sync'

/** data/energy-plants: China's wind and solar plants of the Global Power Plant Database 1.3.0 (WRI, CC BY 4.0). */
export const ENERGY_PLANTS_FILE = path.resolve(import.meta.dirname, '../../../../../data/energy-plants/china-wind-solar.csv')

/** One plant as the file gives it: a real site with its capacity and source. */
export interface EnergyPlant {
  id: string
  name: string
  fuel: 'Wind' | 'Solar'
  capacityMw: number
  lat: number
  lon: number
  source: string
}

/** Parses the GPPD extract (csv-parse); rows with an unknown fuel or without a position are left out. */
export function parseEnergyPlants(text: string): EnergyPlant[] {
  const rows = parse(text, { bom: true, columns: true, skip_empty_lines: true }) as Array<Record<string, string>>
  const out: EnergyPlant[] = []
  for (const r of rows) {
    const fuel = r.primary_fuel
    const lat = Number(r.latitude)
    const lon = Number(r.longitude)
    const capacityMw = Number(r.capacity_mw)
    if ((fuel !== 'Wind' && fuel !== 'Solar') || !Number.isFinite(lat) || !Number.isFinite(lon) || !(capacityMw > 0)) continue
    out.push({ id: r.gppd_idnr ?? '', name: r.name ?? '', fuel, capacityMw, lat, lon, source: r.source ?? '' })
  }
  return out
}

/** The plants file's text (its hash goes into the demo version). */
export function readEnergyPlantsText(file = ENERGY_PLANTS_FILE): string {
  return readFileSync(file, 'utf8')
}
