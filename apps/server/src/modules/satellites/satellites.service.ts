import { type Locale, parseSatelliteFacts, type SatelliteEvent, type SatelliteFacts, type SatelliteTle } from '@rs/shared'
import { ApiError } from '../../lib/errors'
import { currentLocale, translatorOf } from '../../lib/locale'
import type { SatellitesRepository } from './satellites.repository'

const MAX_EVENTS = 100

/**
 * Satellite catalogue, sensor mapping, list, facts, orbit elements and launch events. The satellite
 * reference data change only when the server starts (db/reference-data.ts), so every answer is
 * built once from the database and then served from memory (catalogue p95 target < 10 ms), in the
 * caller's language: the texts of both languages are built together (catalogue labels, facts,
 * launch events), and each answer takes its language's.
 */
export function createSatellitesService(repo: SatellitesRepository) {
  let snapshot: Promise<Snapshot> | undefined
  const read = () => {
    snapshot ??= buildSnapshot(repo)
    snapshot.catch(() => {
      snapshot = undefined
    })
    return snapshot
  }
  return {
    /** Forgets the snapshot: the next call reads the tables again (after an element upload). */
    reload() {
      snapshot = undefined
    },
    async catalogue(type?: number) {
      const catalogue = (await read()).catalogue[currentLocale()]
      return type === undefined ? catalogue : catalogue.filter((e) => e.type === type)
    },
    async sensors() {
      return (await read()).sensors
    },
    async list() {
      return (await read()).list
    },
    async detail(slug: string) {
      const facts = (await read()).facts[currentLocale()].get(slug)
      if (!facts) throw ApiError.of(404, 'satelliteApi.notFound', { slug })
      return facts
    },
    /** Orbit elements of one series (404 for an unknown slug; [] when none of its members has a TLE) or of all. */
    async tle(slug?: string): Promise<SatelliteTle[]> {
      const { tle, facts } = await read()
      if (slug === undefined) return tle
      if (!facts['zh-CN'].has(slug)) throw ApiError.of(404, 'satelliteApi.notFound', { slug })
      return tle.filter((t) => t.slug === slug)
    },
    /** Launch events, newest first; members launched together are one event ("A、B、C", or "A 等 N 颗" beyond three). */
    async events(limit: number): Promise<SatelliteEvent[]> {
      return (await read()).events[currentLocale()].slice(0, limit)
    },
  }
}
export type SatellitesService = ReturnType<typeof createSatellitesService>

type Snapshot = Awaited<ReturnType<typeof buildSnapshot>>

async function buildSnapshot(repo: SatellitesRepository) {
  const [catalogueRows, sensorRows, listRows, tleRows, launchRows] = await Promise.all([
    repo.catalogue(),
    repo.sensors(),
    repo.list(),
    repo.tle(),
    repo.launches(MAX_EVENTS),
  ])
  const bySatellite = new Map<string, { satellite: string; slug: string; sensors: string[] }>()
  for (const r of sensorRows) {
    const entry = bySatellite.get(r.satellite) ?? { satellite: r.satellite, slug: r.slug, sensors: [] }
    entry.sensors.push(r.sensor_id)
    bySatellite.set(r.satellite, entry)
  }
  const tracked = new Map<string, number>()
  for (const r of tleRows) tracked.set(r.slug, (tracked.get(r.slug) ?? 0) + 1)
  const englishName = new Map(listRows.map((r) => [r.slug, r.name_en]))
  const catalogue = (locale: Locale) =>
    catalogueRows.map((r) => ({
      index: r.idx,
      // the catalogue's label is the Chinese name; English takes the series' English name
      label: locale === 'en-US' ? (englishName.get(r.value) ?? r.label) : r.label,
      value: r.value,
      checked: r.checked,
      properties: r.properties,
      resolution: r.resolution,
      type: r.type,
    }))
  const events = (locale: Locale): SatelliteEvent[] => {
    const t = translatorOf(locale)
    return launchRows.map((r) => {
      const members = locale === 'en-US' ? r.members_en : r.members
      return {
        date: r.date,
        kind: 'launch' as const,
        slug: r.slug,
        seriesName: locale === 'en-US' ? r.name_en : r.name_zh,
        member:
          members.length <= 3
            ? members.join(t('satelliteApi.memberSeparator'))
            : t('satelliteApi.eventMembers', { first: members[0] ?? '', count: members.length }),
        country: r.country,
      }
    })
  }
  const byLocale = <T>(build: (locale: Locale) => T): Record<Locale, T> => ({ 'zh-CN': build('zh-CN'), 'en-US': build('en-US') })
  return {
    catalogue: byLocale(catalogue),
    sensors: [...bySatellite.values()],
    list: listRows.map((r) => ({
      slug: r.slug,
      nameZh: r.name_zh,
      nameEn: r.name_en,
      country: r.country,
      category: r.category,
      status: r.status,
      memberCount: Array.isArray(r.facts.members) ? r.facts.members.length : 0,
      trackedCount: tracked.get(r.slug) ?? 0,
    })),
    facts: byLocale(
      (locale) =>
        new Map<string, SatelliteFacts>(
          // English where the row has it (a database loaded before the English facts has not, until the next start)
          listRows.map((r) => [r.slug, parseSatelliteFacts(locale === 'en-US' ? (r.facts_en ?? r.facts) : r.facts)]),
        ),
    ),
    tle: tleRows.map((r) => ({
      slug: r.slug,
      member: r.member,
      noradId: r.norad_id,
      line1: r.line1,
      line2: r.line2,
      epoch: new Date(r.epoch).toISOString(),
    })),
    events: byLocale(events),
  }
}
