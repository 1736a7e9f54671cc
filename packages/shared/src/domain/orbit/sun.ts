/**
 * The Sun's elevation above the horizon (no refraction) by the low-precision formulas of the
 * Astronomical Almanac (about 0.01° from 1950 to 2050): enough to decide daylight for optical sensors.
 */
const DEG = Math.PI / 180

export function sunElevationDeg(t: number, lon: number, lat: number): number {
  const d = t / 86_400_000 + 2440587.5 - 2451545.0 // days since J2000.0
  const g = (357.529 + 0.98560028 * d) * DEG // mean anomaly
  const q = 280.459 + 0.98564736 * d // mean longitude
  const L = (q + 1.915 * Math.sin(g) + 0.02 * Math.sin(2 * g)) * DEG // ecliptic longitude
  const e = (23.439 - 0.00000036 * d) * DEG // obliquity
  const ra = Math.atan2(Math.cos(e) * Math.sin(L), Math.cos(L))
  const dec = Math.asin(Math.sin(e) * Math.sin(L))
  const gmst = (18.697374558 + 24.06570982441908 * d) * 15 * DEG
  const hourAngle = gmst + lon * DEG - ra
  const sinAlt = Math.sin(lat * DEG) * Math.sin(dec) + Math.cos(lat * DEG) * Math.cos(dec) * Math.cos(hourAngle)
  return Math.asin(Math.max(-1, Math.min(1, sinAlt))) / DEG
}

/** The imaging kinds of the satellite catalogue (SPEC §3 type: 1 optical, 2 hyperspectral, 3 radar). */
export const SENSOR_KINDS = ['optical', 'hyperspectral', 'radar'] as const
export type SensorKind = (typeof SENSOR_KINDS)[number]

/**
 * Whether a kind of sensor needs daylight, declared once per kind (not per satellite): optical and
 * hyperspectral sensors record reflected sunlight; a SAR lights its own scene with microwaves and
 * images by day and by night, so no sun minimum applies to it.
 */
export const NEEDS_DAYLIGHT: Readonly<Record<SensorKind, boolean>> = { optical: true, hyperspectral: true, radar: false }

/**
 * The minimum sun elevation (degrees) a pass of a sensor that needs daylight has by default. Why 10°:
 * the light on flat ground goes with sin(elevation), so at 10° it is about 17 % of an overhead sun,
 * and it crosses about 5.6 times the air of a zenith path (more haze, less blue); shadows are 5.7
 * times as long as what casts them. Below that an optical or hyperspectral image is dark, hazy and
 * mostly shadow, and below 0° (twilight, night) there is nothing to image, so such passes are left
 * out unless the person asks for a lower minimum.
 */
export const DEFAULT_MIN_SUN_ELEVATION_DEG = 10

/** The sun minimum that applies to a pass of this kind: the asked minimum (null: none) when the kind needs daylight, else none. */
export function minSunElevationFor(kind: SensorKind, minimumDeg: number | null): number | null {
  return NEEDS_DAYLIGHT[kind] ? minimumDeg : null
}
