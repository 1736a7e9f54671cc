import { createHash } from 'node:crypto'

/**
 * What the generated demo archive is a function of. The period is fixed (near the elements' epochs,
 * 2026-06-13), never "now": the same settings and orbit elements give the same rows.
 */
export interface ArchiveSettings {
  /** Seed of every random choice (duty cycle, roll, cloud field, product level, data status). */
  seed: number
  /** First instant of the period, ISO UTC. */
  start: string
  /** Length of the period in days. */
  days: number
  /** Most members of one series that image (JL1 has dozens); 0 = all. */
  membersPerSeries: number
  /** Multiplies every sensor's duty cycle (share of candidate frames kept), 0–1. */
  density: number
  /** Stop after this many scenes (0 = no cap). */
  maxScenes: number
}

/**
 * The default archive: loaded at the first start, about 11,000 scenes over the 20 days before
 * 2026-06-13. 30 days at density 0.5 (20,811 scenes) added 14.3 s to PGlite's first start on the
 * shared machine (generation 5.9 s, land mask 1.3 s, insert about 6.5 s); the target is ≤ 10 s.
 */
export const DEFAULT_ARCHIVE_SETTINGS: ArchiveSettings = {
  seed: 20260613,
  start: '2026-05-24T00:00:00Z',
  days: 20,
  membersPerSeries: 2,
  density: 0.4,
  maxScenes: 0,
}

/** Bump when the generator's rules change: a new version replaces the generated rows. */
export const GENERATOR_VERSION = 1

/** Version of an archive: a hash of its settings, the generator's version and the orbit elements it used. */
export function archiveVersion(settings: ArchiveSettings, elements: string): string {
  return createHash('sha256')
    .update(JSON.stringify({ v: GENERATOR_VERSION, settings }))
    .update(elements)
    .digest('hex')
    .slice(0, 16)
}

/** Scenes per day with every member of every series at density 1 (measured: 1,996 a day at 0.5, 155 satellites, May 2026). */
const SCENES_PER_DAY_ALL_MEMBERS = 4000

/**
 * Settings of a scale set of about `scenes` scenes: every member of every series at full density, the period
 * extended (backwards from the default's end, so it stays near the elements) until the count is
 * reached, and capped at exactly that count.
 */
export function scaleSettings(scenes: number): ArchiveSettings {
  const days = Math.max(DEFAULT_ARCHIVE_SETTINGS.days, Math.ceil((scenes / SCENES_PER_DAY_ALL_MEMBERS) * 1.1))
  const end = Date.parse(DEFAULT_ARCHIVE_SETTINGS.start) + DEFAULT_ARCHIVE_SETTINGS.days * 86_400_000
  return {
    ...DEFAULT_ARCHIVE_SETTINGS,
    membersPerSeries: 0,
    density: 1,
    days,
    start: new Date(end - days * 86_400_000).toISOString(),
    maxScenes: scenes,
  }
}
