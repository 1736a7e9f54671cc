import { Body, Equator, Horizon, Observer } from 'astronomy-engine'

/** The sun's elevation in degrees above the horizon at lon/lat (sea level) and time t, refraction left out (astronomy-engine). */
export function sunElevation(lon: number, lat: number, t: Date): number {
  const observer = new Observer(lat, lon, 0)
  const eq = Equator(Body.Sun, t, observer, true, true)
  return Horizon(t, observer, eq.ra, eq.dec).altitude
}
