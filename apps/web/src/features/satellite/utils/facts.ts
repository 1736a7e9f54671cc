import { z } from 'zod'

/*
 * The fields of a data/satellites/satellites.json entry this feature shows. The API gives the entry
 * as it is (an open record), so every field is read defensively: a missing, null or malformed field
 * becomes undefined (or an empty list) and the page shows '—' or leaves the line out; one broken
 * member, sensor or band does not hide the others.
 */

const text = z
  .string()
  .transform((s) => s.trim() || undefined)
  .optional()
  .catch(undefined)
const number = z.number().finite().optional().catch(undefined)
/** A figure as the sources gave it: a number, or a text such as 'better than 0.8' or '10-650'. */
const figure = z
  .union([z.number().finite(), z.string().transform((s) => s.trim() || undefined)])
  .optional()
  .catch(undefined)

/** Items of a list that parse; anything else in the list is dropped; a missing list is empty. */
function listOf<T extends z.ZodType>(item: T) {
  return z
    .array(z.unknown())
    .catch([])
    .transform((items) =>
      items.flatMap((raw) => {
        const parsed = item.safeParse(raw)
        return parsed.success && parsed.data !== undefined ? [parsed.data as z.output<T>] : []
      }),
    )
}

export const OrbitFromTle = z.object({
  /** ISO time of the elements the figures come from. */
  epoch: text,
  meanAltitudeKm: number,
  inclinationDeg: number,
  periodMin: number,
  eccentricity: number,
  /** Local time of the descending node, mean-sun approximation (sun-synchronous LEO only). */
  ltdnApprox: text,
  ltanApprox: text,
})
export type OrbitFromTle = z.infer<typeof OrbitFromTle>

export const SatelliteMember = z.object({
  name: text,
  noradId: number,
  cospar: text,
  /** ISO date; for Chinese launches the Beijing-time date (see launchCaveat). */
  launchDate: text,
  status: text,
  note: text,
  orbitFromTle: OrbitFromTle.nullish().catch(undefined),
})
export type SatelliteMember = z.infer<typeof SatelliteMember>

export const NominalOrbit = z.object({
  type: text,
  altitudeKm: figure,
  inclinationDeg: figure,
  localTimeOfDescendingNode: text,
  revisitDays: figure,
})
export type NominalOrbit = z.infer<typeof NominalOrbit>

/** A band: an object with a name and a range (nm or µm), or a text summary such as '4 MS bands'. */
export const SensorBand = z.union([
  z
    .string()
    .transform((s) => s.trim())
    .refine((s) => s.length > 0),
  z.object({ name: text, rangeNm: figure, rangeUm: figure, gsdM: figure, count: figure }),
])
export type SensorBand = z.infer<typeof SensorBand>

export const Sensor = z.object({
  name: text,
  type: text,
  bands: listOf(SensorBand),
  gsdM: z
    .object({ panchromatic: figure, multispectral: figure, other: figure })
    .nullish()
    .catch(undefined)
    .transform((g) => g ?? {}),
  swathKm: figure,
  note: text,
})
export type Sensor = z.infer<typeof Sensor>

export const SatelliteFacts = z.object({
  slug: z.string().min(1),
  nameZh: text,
  nameEn: text,
  /** ISO-like code; joint missions as 'CN/BR'. */
  country: text,
  operator: text,
  category: text,
  status: text,
  summaryZh: text,
  members: listOf(SatelliteMember),
  membersNote: text,
  orbit: NominalOrbit.nullish().catch(undefined),
  sensors: listOf(Sensor),
  /** Only web addresses (http, https) become links. */
  sources: listOf(z.string().regex(/^https?:\/\/\S+$/i)),
  unconfirmed: listOf(z.string().min(1)),
})
export type SatelliteFacts = z.infer<typeof SatelliteFacts>

/** The facts of one series from the detail API; undefined when the answer is not a satellite entry at all. */
export function parseFacts(raw: unknown): SatelliteFacts | undefined {
  const parsed = SatelliteFacts.safeParse(raw)
  return parsed.success ? parsed.data : undefined
}

/** Status of a series or member as the page names it. */
export type SatelliteStatus = 'operational' | 'retired' | 'unknown'

/** The three states the page shows; anything else (or nothing) is 'unknown'. */
export function statusOf(value: string | undefined): SatelliteStatus {
  return value === 'operational' || value === 'retired' ? value : 'unknown'
}

const NUMBER_IN_TEXT = /(?<![A-Za-z]-?|[\d.])\d+(?:\.\d+)?/g

/** The numbers a figure holds: itself, or those written in its text (not parts of names like 'WV-3' or 'B8'). */
export function numbersIn(value: number | string | undefined): number[] {
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
