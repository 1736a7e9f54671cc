declare module 'mgrs' {
  /** MGRS reference of [lon, lat]; accuracy 0 gives the grid zone and 100 km square, e.g. 50SMK. */
  export function forward(lonLat: [number, number], accuracy?: number): string
}
