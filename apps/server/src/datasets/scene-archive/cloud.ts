import { fractalNoise } from './random'

/**
 * Cloud cover of the generated archive: a simple climatology of China and its neighbours scaled by
 * a seeded smooth noise field in space and time, so nearby scenes of the same days look alike.
 * South-west and south China are wet in summer (the monsoon), the Sichuan basin is cloudy all
 * year, the north-west (Xinjiang, the Gobi) and the western plateau are dry.
 */

/** 0 in winter (mid-January), 1 in summer (mid-July), smooth between. */
function summer(dayOfYear: number): number {
  return 0.5 - 0.5 * Math.cos(((dayOfYear - 15) / 365.25) * 2 * Math.PI)
}

const bump = (x: number, centre: number, half: number) => Math.exp(-(((x - centre) / half) ** 2))

/** Mean cloud fraction (0–1) of a place and day of the year. */
export function cloudClimatology(lon: number, lat: number, dayOfYear: number): number {
  const s = summer(dayOfYear)
  // dryness of the north-west: high west of 105 E and north of 35 N
  const northWest = 1 / (1 + Math.exp((lon - 103) / 3)) / (1 + Math.exp(-(lat - 36) / 2))
  // the monsoon south: south of 30 N, east of 97 E, strongest in summer
  const south = (1 / (1 + Math.exp((lat - 29) / 2))) * (1 / (1 + Math.exp(-(lon - 97) / 2)))
  const sichuan = bump(lon, 106, 3.5) * bump(lat, 30, 2.5)
  const base = 0.32 + 0.1 * s
  const mean = base - 0.22 * northWest + south * (0.12 + 0.3 * s) + 0.3 * sichuan
  return Math.min(0.9, Math.max(0.04, mean))
}

/** Cloud percent (0–100, one decimal) of a scene centred at lon/lat at time t, from the seeded field. */
export function cloudPercentAt(seed: number, lon: number, lat: number, t: Date): number {
  const start = Date.UTC(t.getUTCFullYear(), 0, 1)
  const dayOfYear = (t.getTime() - start) / 86_400_000
  const mean = cloudClimatology(lon, lat, dayOfYear)
  // weather systems about 4° across that change over about two days
  const n = fractalNoise(seed, lon / 4, lat / 4, t.getTime() / 172_800_000, 3)
  // stretch the noise (about 0.25–0.75) to 0–1 and skew it towards the mean
  const u = Math.min(1, Math.max(0, (n - 0.25) * 2))
  const fraction = u ** ((1 - mean) / Math.max(mean, 0.05))
  const percent = Math.round(fraction * 1000) / 10
  return percent < 1 ? 0 : percent
}
