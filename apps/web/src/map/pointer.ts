import type { Coordinate } from 'ol/coordinate'
import { toLonLat } from 'ol/proj'

/** Longitude and latitude of a map coordinate (EPSG:3857), six decimals. */
export function pointerLonLat(coordinate: Coordinate): { lon: string; lat: string } {
  const [lon, lat] = toLonLat(coordinate)
  return { lon: (lon ?? 0).toFixed(6), lat: (lat ?? 0).toFixed(6) }
}

/** The pointer text, e.g. '经度 116.397128，纬度 39.916527', with the template of the user's language. */
export function formatPointer(
  coordinate: Coordinate | undefined,
  template: (p: { lon: string; lat: string }) => string,
  idle: string,
): string {
  return coordinate ? template(pointerLonLat(coordinate)) : idle
}
