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
