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
 * The default demo: five quarterly batches (SPEC §9: the sequence mode shows the last 5) and about
 * 43,000 spot rows over the eight modules.
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
