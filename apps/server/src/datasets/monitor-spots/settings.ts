import { createHash } from 'node:crypto'

/**
 * What the generated monitoring spots are a function of: the seed, the batches (fixed dates, never
 * "now") and how many sites each rule makes. The same settings, plants and regions give the same rows.
 */
export interface MonitorSpotSettings {
  seed: number
  /** Batch dates YYYYMMDD, oldest first; every module gets each of them. */
  batches: readonly string[]
  /** Multiplies the site counts of the rules below (1 = the default demo). */
  scale: number
}

/**
 * The default demo: five quarterly batches (SPEC §9: the sequence mode shows the last 5) and 38,619
 * spot rows of 12,227 sites over the eight modules. Loading it took 8–10 s of PGlite's first start
 * on the shared 2-core machine (load average 9–15): regions 0.6 s, generation 0.2 s, county
 * assignment 0.9 s, inserts 7.4 s with the indexes built after the rows (11.0 s row by row).
 */
export const DEFAULT_MONITOR_SPOT_SETTINGS: MonitorSpotSettings = {
  seed: 20251231,
  batches: ['20250331', '20250630', '20250930', '20251231', '20260331'],
  scale: 1,
}

/** Bump when the generator's rules change: a new version replaces the generated rows. */
export const MONITOR_GENERATOR_VERSION = 1

/** Version of a demo set: a hash of the settings, the generator's version and its inputs (plants file, regions version). */
export function monitorSpotsVersion(settings: MonitorSpotSettings, inputs: string): string {
  return createHash('sha256')
    .update(JSON.stringify({ v: MONITOR_GENERATOR_VERSION, settings }))
    .update(inputs)
    .digest('hex')
    .slice(0, 16)
}
