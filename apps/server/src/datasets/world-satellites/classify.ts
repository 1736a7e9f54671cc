/**
 * Pure rules that turn the free text of the UCS Satellite Database (data/satellites-world) into the
 * portal's analysis categories. The loader (datasets/world-satellites/load.ts) stores what they derive.
 *
 * Category of a satellite, from `detailed_purpose` (D) and, when D is blank, `purpose` (P).
 * D is split at "/" and "," into parts; the first part that a rule matches decides ("Radar
 * Imaging/Earth Science" → radar, "Earth Science/Meterology" → earth science, "Optical
 * Imaging/Automatic Identification System (AIS)" → optical, and so "Optical/Hyperspectral Imaging"
 * → optical). Matching ignores case and spacing.
 *
 * | category        | 中文               | imaging | D (or its first matching part)                                            | rows* |
 * |-----------------|--------------------|---------|---------------------------------------------------------------------------|------:|
 * | optical         | 光学成像           | yes     | Optical…, Multispectral…, Infrared…, Near-Infrared, Video…, Thermal…      |   569 |
 * | hyperspectral   | 高光谱成像         | yes     | Hyperspectral Imaging                                                     |    23 |
 * | radar           | 雷达成像           | yes     | Radar Imaging, Radar Imaging (SAR), Synthetic Aperture Radar (SAR),       |   121 |
 * |                 |                    |         | Synthetic Aperture Imaging                                                |       |
 * | meteorology     | 气象观测           | no      | Meteorology, Meterology (typo in UCS)                                     |    54 |
 * | earthScience    | 地球科学           | no      | Earth Science, Microwave Radiometer; D blank and P = "Earth Science"      |   103 |
 * | weatherAis      | 掩星气象与船舶识别 | no      | exactly "Meteorology, Automatic Identification System (AIS)": Spire's     |   134 |
 * |                 |                    |         | Lemur-2 nano-satellites (GNSS radio-occultation soundings for weather     |       |
 * |                 |                    |         | and AIS ship tracking, no imager); kept apart so neither the weather nor  |       |
 * |                 |                    |         | the AIS count is inflated by one company's constellation                  |       |
 * | ais             | 船舶识别（AIS）    | no      | Automatic Identification System (AIS)                                     |    25 |
 * | sigint          | 电子侦察与频谱监测 | no      | Electronic Intelligence, Signals Intelligence, Early Warning, Radio       |   142 |
 * |                 |                    |         | Spectrum/Frequency Monitoring, Maritime Surveillance (UnseenLabs BRO:     |       |
 * |                 |                    |         | radio-frequency ship geolocation), Radar Surveillance (MilSpace-2: locates|       |
 * |                 |                    |         | radar emitters, takes no radar image)                                     |       |
 * | other           | 其他对地观测       | no      | any other text: Remote Sensing, AI Remote Sensing, Maritime Observation,  |     9 |
 * |                 |                    |         | Surveillance, Laser Imaging (lidar), Subsurface Imaging, Technology Dev.  |       |
 * | unspecified     | 用途未细分         | no      | D blank and P not "Earth Science"                                         |   112 |
 *
 * *rows of the 1 May 2023 file (1,292 in all); the analysis tests recount them.
 *
 * Users: Commercial 商业, Government 政府, Military 军事, Civil 民用（科研教育）; a combination
 * ("Government/Civil") is counted once as 混合用户 ('mixed'), never split or given to the first name.
 *
 * Countries: the operator country as UCS writes it, "Sinapore" read as Singapore; a joint value
 * ("China/Brazil", "USA/Japan") or "Multinational" goes to one bucket 联合/多国 ('joint'), so every
 * satellite is counted once and "China" means exactly "China" (348 rows, not the 352 that name it).
 * ESA and Taiwan stay values of their own (欧洲航天局, 中国台湾).
 */

export const CATEGORIES = [
  'optical',
  'hyperspectral',
  'radar',
  'meteorology',
  'earthScience',
  'weatherAis',
  'ais',
  'sigint',
  'other',
  'unspecified',
] as const
export type Category = (typeof CATEGORIES)[number]

/** Imaging remote sensing: the categories that take pictures (the portal's catalogue types 1–3). */
export const IMAGING_CATEGORIES: readonly Category[] = ['optical', 'hyperspectral', 'radar']

/** True for optical, hyperspectral and radar imaging; false for every other Earth-observation category. */
export function isImaging(category: Category): boolean {
  return IMAGING_CATEGORIES.includes(category)
}

/** The whole-value rule, checked before the value is split into parts. */
const WHOLE_VALUE: Record<string, Category> = {
  'meteorology, automatic identification system (ais)': 'weatherAis',
}

/** Rules for one part of detailed_purpose (lower case, single spaces), tried in order. */
const PART_RULES: Array<[RegExp, Category]> = [
  [/^hyperspectral\b/, 'hyperspectral'],
  [/^(radar imaging|synthetic aperture (radar|imaging))\b/, 'radar'],
  [/^(optical|multispectral|infrared|near-infrared|video|thermal)\b/, 'optical'],
  [/^(meteorology|meterology)$/, 'meteorology'],
  [/^(earth science|microwave radiometer)$/, 'earthScience'],
  [/^automatic identification system \(ais\)$/, 'ais'],
  [
    /^(electronic intelligence|signals intelligence|early warning|radio (spectrum|frequency) monitoring|maritime surveillance|radar surveillance)$/,
    'sigint',
  ],
]

function normalise(text: string | null | undefined): string {
  return (text ?? '').replace(/\s+/g, ' ').trim().toLowerCase()
}

/** The portal category of a UCS row from its detailed purpose and purpose (rules in the table above). */
export function classifyPurpose(detailedPurpose: string | null | undefined, purpose: string | null | undefined): Category {
  const detailed = normalise(detailedPurpose)
  if (detailed === '') return normalise(purpose) === 'earth science' ? 'earthScience' : 'unspecified'
  const whole = WHOLE_VALUE[detailed]
  if (whole) return whole
  for (const part of detailed.split(/[/,]/).map((p) => p.trim())) {
    for (const [pattern, category] of PART_RULES) if (pattern.test(part)) return category
  }
  return 'other'
}

export const USER_GROUPS = ['commercial', 'government', 'military', 'civil', 'mixed'] as const
export type UserGroup = (typeof USER_GROUPS)[number]

const SINGLE_USERS: Record<string, UserGroup> = { commercial: 'commercial', government: 'government', military: 'military', civil: 'civil' }

/** The user group of a UCS `users` value: one of the four, or 'mixed' for any combination. Throws on an unknown word. */
export function userGroup(users: string): UserGroup {
  const parts = users.split('/').map(normalise)
  for (const part of parts) if (!SINGLE_USERS[part]) throw new Error(`unknown UCS users value: "${users}"`)
  return parts.length === 1 ? (SINGLE_USERS[parts[0] as string] as UserGroup) : 'mixed'
}

/** The bucket of a joint ("China/Brazil") or multinational operator. */
export const JOINT_COUNTRY = 'joint'

/** Spelling fixes of UCS country values. */
const COUNTRY_FIXES: Record<string, string> = { Sinapore: 'Singapore' }

/** The operator country as the portal counts it: the UCS value with its typo fixed, or 'joint' for joint and multinational values. */
export function operatorCountry(value: string): string {
  const country = value.replace(/\s+/g, ' ').trim()
  if (country.includes('/') || country === 'Multinational') return JOINT_COUNTRY
  return COUNTRY_FIXES[country] ?? country
}

export const ORBIT_CLASSES = ['LEO', 'MEO', 'GEO', 'Elliptical'] as const
export type OrbitClass = (typeof ORBIT_CLASSES)[number]

/** The class of orbit, case-insensitively ("LEo" → LEO). Throws on an unknown value. */
export function orbitClass(value: string): OrbitClass {
  const found = ORBIT_CLASSES.find((c) => c.toLowerCase() === normalise(value))
  if (!found) throw new Error(`unknown UCS class of orbit: "${value}"`)
  return found
}

export interface LaunchDate {
  /** YYYY-MM-DD, or null when the source gives no usable date. */
  date: string | null
  /** The launch year: from the date, else from the COSPAR number (whose first four digits are the launch year). */
  year: number | null
  /** How the value was repaired: null when taken as it is. */
  note: 'repaired' | 'yearFromCospar' | null
}

function isRealDate(y: number, m: number, d: number): boolean {
  const t = new Date(Date.UTC(y, m - 1, d))
  return t.getUTCFullYear() === y && t.getUTCMonth() === m - 1 && t.getUTCDate() === d
}

const pad = (n: number) => String(n).padStart(2, '0')

/**
 * The launch date of a UCS row. ISO dates are taken as they are. "M/D/Y" with a year of three
 * digits ("11/29/018", Cicero-8) is repaired when the COSPAR number's year ends with those digits
 * (2018-096U → 2018-11-29). A blank or unusable date gives no date and the COSPAR year
 * (BlackSky Global 5, 2023-041C → 2023).
 */
export function parseLaunchDate(value: string, cospar: string): LaunchDate {
  const text = value.trim()
  const cosparYear = /^(\d{4})-\d{3}/.exec(cospar.trim())?.[1]
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text)
  if (iso) {
    const [y, m, d] = [Number(iso[1]), Number(iso[2]), Number(iso[3])]
    if (isRealDate(y, m, d)) return { date: text, year: y, note: null }
  }
  const us = /^(\d{1,2})\/(\d{1,2})\/(\d{2,4})$/.exec(text)
  if (us) {
    const [m, d, yText] = [Number(us[1]), Number(us[2]), us[3] as string]
    const y = yText.length === 4 ? Number(yText) : cosparYear?.endsWith(yText) ? Number(cosparYear) : null
    if (y !== null && isRealDate(y, m, d)) return { date: `${y}-${pad(m)}-${pad(d)}`, year: y, note: 'repaired' }
  }
  return { date: null, year: cosparYear ? Number(cosparYear) : null, note: cosparYear ? 'yearFromCospar' : null }
}

/**
 * The portal category of a planned mission from its free-text category (planned-missions.csv),
 * first keyword wins: meteorolog → meteorology; radar, SAR → radar; hyperspectral; optical (ocean
 * colour) → optical; carbon, ecosystem, atmospheric → earth science; anything else (land water
 * resources: sensor not stated) → other.
 */
export function plannedCategory(text: string): Category {
  const t = normalise(text)
  if (/meteorolog/.test(t)) return 'meteorology'
  if (/\bradar\b|\bsar\b|insar/.test(t)) return 'radar'
  if (/hyperspectral/.test(t)) return 'hyperspectral'
  if (/optical/.test(t)) return 'optical'
  if (/carbon|ecosystem|atmospher/.test(t)) return 'earthScience'
  return 'other'
}

/** Period key of a planned mission's planned_year: "2023 (…)" → 2023, "2023-2025" → 2023-2025, "by 2025 (…)" → by-2025. */
export function plannedPeriod(text: string): string {
  const t = text.trim()
  const by = /^by (\d{4})\b/i.exec(t)
  if (by) return `by-${by[1]}`
  const range = /^(\d{4})\s*[-–—]\s*(\d{4})\b/.exec(t)
  if (range) return `${range[1]}-${range[2]}`
  const year = /^(\d{4})\b/.exec(t)
  if (year) return year[1] as string
  throw new Error(`unknown planned year: "${text}"`)
}

const PROGRAMME_COUNT = /:\s*(\d+)(?:\s+satellites?)?\s*$/i

/** True for a programme-level planned row, one that states a count instead of naming a mission ("Fengyun-3 series: 4 satellites"). */
export function isProgrammeLevel(name: string): boolean {
  return PROGRAMME_COUNT.test(name)
}

/** Satellites a planned row stands for: the count a programme-level row states ("Fengyun-3 series: 4 satellites", "…: 6"), else 1. */
export function plannedSatellites(name: string): number {
  const n = PROGRAMME_COUNT.exec(name)
  return n ? Number(n[1]) : 1
}
