import type { FactFigure, SatelliteFacts, SourceReference } from '@rs/shared'

/*
 * Page rules over the satellite facts. The facts themselves are typed by the shared contract
 * (SatelliteFacts of packages/shared/src/contracts/satellites.ts), which the server checks its answer
 * against; this file restates none of it.
 */

const WEB_ADDRESS = /^https?:\/\/\S+$/i

/** The named sources whose address is a web address (http, https): only these become links. */
export function webReferences(sources: readonly SourceReference[]): SourceReference[] {
  return sources.filter((s) => WEB_ADDRESS.test(s.url) && s.publisher.length > 0 && s.title.length > 0)
}

/** Status of a series or member as the page names it. */
export type SatelliteStatus = 'operational' | 'retired' | 'unknown'

/** The three states the page shows; anything else (or nothing) is 'unknown'. */
export function statusOf(value: string | undefined): SatelliteStatus {
  return value === 'operational' || value === 'retired' ? value : 'unknown'
}

const NUMBER_IN_TEXT = /(?<![A-Za-z]-?|[\d.])\d+(?:\.\d+)?/g

/** The numbers a figure holds: itself, or those written in its text (not parts of names like 'WV-3' or 'B8'). */
export function numbersIn(value: FactFigure | undefined): number[] {
  if (typeof value === 'number') return [value]
  if (typeof value !== 'string') return []
  return [...value.matchAll(NUMBER_IN_TEXT)].map((m) => Number(m[0]))
}

/** Best (smallest) ground resolution in metres among all sensors' gsdM figures; undefined when none is given. */
export function bestResolutionM(facts: Pick<SatelliteFacts, 'sensors'>): number | undefined {
  const all = facts.sensors.flatMap((s) => [s.gsdM.panchromatic, s.gsdM.multispectral, s.gsdM.other].flatMap(numbersIn))
  const positive = all.filter((n) => n > 0)
  return positive.length > 0 ? Math.min(...positive) : undefined
}

/** Country names the page knows, by the codes the facts use. */
export const COUNTRY_CODES = ['CN', 'US', 'DE', 'EU', 'FR', 'KR', 'IT', 'BR', 'GB', 'IN', 'CA', 'JP'] as const

/** The codes of a country field ('CN/BR' → ['CN', 'BR']). */
export function countryCodes(country: string | undefined): string[] {
  return (country ?? '')
    .split('/')
    .map((c) => c.trim())
    .filter(Boolean)
}

/** Days between an ISO time and now, whole days; undefined when the time does not parse. */
export function daysSince(iso: string | undefined, now: Date): number | undefined {
  if (!iso) return undefined
  const time = Date.parse(iso)
  return Number.isNaN(time) ? undefined : Math.floor((now.getTime() - time) / 86_400_000)
}
