/**
 * Each series' maximum roll (side-looking) angle in degrees: agile satellites (≤ 1 m) roll to their
 * targets; others image at nadir ±DEFAULT_MAX_ROLL_DEG by the pointing of their platform. The demo
 * archive's frames and the orbit prediction's default reach use the same figures.
 */
export const MAX_ROLL_DEG: Readonly<Record<string, number>> = {
  gf2: 35,
  jl1: 45,
  sv1: 45,
  worldview: 45,
  geoeye: 40,
  pleiades: 47,
  skysat: 30,
  kompsat: 30,
  gf7: 25,
  multimode: 35,
  bj2: 45,
  zhuhai: 30,
}
export const DEFAULT_MAX_ROLL_DEG = 30

/** A series' own maximum roll. */
export function maxRollDegOf(slug: string): number {
  return MAX_ROLL_DEG[slug] ?? DEFAULT_MAX_ROLL_DEG
}
