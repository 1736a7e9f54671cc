import type { FactFigure, SatelliteFacts, SatelliteMember } from '@rs/shared'

/*
 * Page rules over the satellite facts. The facts themselves are typed by the shared contract
 * (SatelliteFacts of packages/shared/src/contracts/satellites.ts), which the server checks its answer
 * against; this file restates none of it.
 */

const WEB_ADDRESS = /^https?:\/\/\S+$/i

/** The sources that are web addresses (http, https): only these become links. */
export function webAddresses(sources: readonly string[]): string[] {
  return sources.filter((s) => WEB_ADDRESS.test(s))
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

/** What the page adds to a launch date. */
export type LaunchCaveat =
  /** A Beijing-time date (the note gives the time in BJT). */
  | { kind: 'beijing' }
  /** Launched before 08:00 Beijing time: the UTC date is the day before. */
  | { kind: 'beijingEarly'; utcDate: string }
  /** The note says the UTC date may differ. */
  | { kind: 'beijingMaybe'; utcDate: string }

function dayBefore(isoDate: string): string | undefined {
  const time = Date.parse(`${isoDate}T00:00:00Z`)
  if (Number.isNaN(time)) return undefined
  return new Date(time - 86_400_000).toISOString().slice(0, 10)
}

/**
 * The Beijing-time caveat of a launch date (data/satellites/README.md): Chinese sources give the
 * Beijing-time date; a launch before 08:00 BJT falls on the previous UTC day. Read from the
 * member's note ('07:44 BJT', 'UTC date may be 2022-01-25'); undefined when the note says nothing.
 */
export function launchCaveat(member: Pick<SatelliteMember, 'launchDate' | 'note'>): LaunchCaveat | undefined {
  const note = member.note ?? ''
  const date = member.launchDate
  const maybe = /UTC date may be (\d{4}-\d{2}-\d{2})/i.exec(note)
  if (maybe?.[1]) return { kind: 'beijingMaybe', utcDate: maybe[1] }
  const bjt = /(\d{1,2}):\d{2}\s*BJT/.exec(note)
  if (!bjt?.[1]) return undefined
  const early = date ? dayBefore(date) : undefined
  return Number(bjt[1]) < 8 && early ? { kind: 'beijingEarly', utcDate: early } : { kind: 'beijing' }
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
