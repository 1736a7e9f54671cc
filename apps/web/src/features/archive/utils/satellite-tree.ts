import type { SatelliteCatalogueEntry } from '@rs/shared'

/** One satellite of the archive and its sensors (the satellite-to-sensor mapping). */
export interface SatelliteSensorsEntry {
  satellite: string
  slug: string
  sensors: string[]
}

/** A node of the satellite tree: type group → catalogue entry → satellite code → sensor. */
export interface SatelliteNode {
  key: string
  title: string
  disabled?: boolean
  children?: SatelliteNode[]
}

/** Narrowing of the catalogue by resolution class (1–4) and property (1 domestic, 2 foreign, 3 retired); empty lists keep all. */
export interface CatalogueNarrowing {
  resolutionClasses: number[]
  properties: number[]
  text: string
}

export const satKey = (code: string) => `sat:${code}`
export const sensorKey = (code: string, sensor: string) => `sen:${code}:${sensor}`

/**
 * The tree of SPEC §3's catalogue (≤ 120 entries) grouped by type, each entry with the archive's
 * satellites of its series and their sensors; entries narrowed away or without archive satellites
 * are left out. Type titles come from `typeTitle`.
 */
export function buildSatelliteTree(
  catalogue: readonly SatelliteCatalogueEntry[],
  mapping: readonly SatelliteSensorsEntry[],
  narrowing: CatalogueNarrowing,
  typeTitle: (type: number) => string,
): SatelliteNode[] {
  const bySlug = new Map<string, SatelliteSensorsEntry[]>()
  for (const m of mapping) bySlug.set(m.slug, [...(bySlug.get(m.slug) ?? []), m])
  const text = narrowing.text.trim().toLowerCase()
  const groups: SatelliteNode[] = []
  for (const type of [1, 2, 3]) {
    const entries = catalogue
      .filter((e) => e.type === type)
      .filter((e) => narrowing.resolutionClasses.length === 0 || narrowing.resolutionClasses.includes(e.resolution))
      .filter((e) => narrowing.properties.length === 0 || narrowing.properties.includes(e.properties))
      .filter((e) => {
        if (!text) return true
        const sats = bySlug.get(e.value) ?? []
        return e.label.toLowerCase().includes(text) || sats.some((s) => s.satellite.toLowerCase().includes(text))
      })
      .flatMap((e): SatelliteNode[] => {
        const sats = bySlug.get(e.value) ?? []
        if (sats.length === 0) return []
        return [
          {
            key: `entry:${e.value}`,
            title: e.label,
            children: sats.map((s) => ({
              key: satKey(s.satellite),
              title: s.satellite,
              children: s.sensors.map((sensor) => ({ key: sensorKey(s.satellite, sensor), title: sensor })),
            })),
          },
        ]
      })
    if (entries.length > 0) groups.push({ key: `type:${type}`, title: typeTitle(type), children: entries })
  }
  return groups
}

/**
 * The tree's checked keys (with conduction: a parent is checked when all its children are) as the
 * query's filter: a fully checked satellite by its code, otherwise its checked sensors as
 * 'SAT:SENSOR'. Shortest form, so more fit under the 120 limit.
 */
export function checkedToFilter(
  checkedKeys: readonly string[],
  mapping: readonly SatelliteSensorsEntry[],
): { satellites: string[]; sensors: string[] } {
  const checked = new Set(checkedKeys)
  const satellites: string[] = []
  const sensors: string[] = []
  const seen = new Set<string>()
  for (const m of mapping) {
    if (seen.has(m.satellite)) continue
    seen.add(m.satellite)
    const all = checked.has(satKey(m.satellite)) || (m.sensors.length > 0 && m.sensors.every((s) => checked.has(sensorKey(m.satellite, s))))
    if (all) satellites.push(m.satellite)
    else for (const s of m.sensors) if (checked.has(sensorKey(m.satellite, s))) sensors.push(`${m.satellite}:${s}`)
  }
  return { satellites, sensors }
}

/** The filter as the tree's checked leaf keys (a satellite's sensors, or the satellite itself when it has none). */
export function filterToChecked(
  filter: { satellites: readonly string[]; sensors: readonly string[] },
  mapping: readonly SatelliteSensorsEntry[],
): string[] {
  const keys: string[] = []
  const sats = new Set(filter.satellites)
  for (const m of mapping) {
    if (!sats.has(m.satellite)) continue
    if (m.sensors.length === 0) keys.push(satKey(m.satellite))
    else for (const s of m.sensors) keys.push(sensorKey(m.satellite, s))
  }
  for (const pair of filter.sensors) {
    const [sat, sensor] = pair.split(':')
    if (sat && sensor) keys.push(sensorKey(sat, sensor))
  }
  return [...new Set(keys)]
}
