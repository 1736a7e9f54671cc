import { type SatelliteEvent, type SatelliteTle, tZh } from '@rs/shared'
import { ApiError } from '../../lib/errors'
import type { SatellitesRepository } from './satellites.repository'

/** Satellite catalogue, sensor mapping, list and facts. */
export function createSatellitesService(repo: SatellitesRepository) {
  return {
    async catalogue(type?: number) {
      return (await repo.catalogue(type)).map((r) => ({
        index: r.idx,
        label: r.label,
        value: r.value,
        checked: r.checked,
        properties: r.properties,
        resolution: r.resolution,
        type: r.type,
      }))
    },
    async sensors() {
      const bySatellite = new Map<string, { satellite: string; slug: string; sensors: string[] }>()
      for (const r of await repo.sensors()) {
        const entry = bySatellite.get(r.satellite) ?? { satellite: r.satellite, slug: r.slug, sensors: [] }
        entry.sensors.push(r.sensor_id)
        bySatellite.set(r.satellite, entry)
      }
      return [...bySatellite.values()]
    },
    async list() {
      return (await repo.list()).map((r) => ({
        slug: r.slug,
        nameZh: r.name_zh,
        nameEn: r.name_en,
        country: r.country,
        category: r.category,
        status: r.status,
        memberCount: Array.isArray(r.facts.members) ? r.facts.members.length : 0,
      }))
    },
    async detail(slug: string) {
      const facts = await repo.facts(slug)
      if (!facts) throw ApiError.of(404, 'satelliteApi.notFound', { slug })
      return facts
    },
    /** Orbit elements of one series (404 for an unknown slug; [] when none of its members has a TLE) or of all. */
    async tle(slug?: string): Promise<SatelliteTle[]> {
      if (slug !== undefined && !(await repo.exists(slug))) throw ApiError.of(404, 'satelliteApi.notFound', { slug })
      return (await repo.tle(slug)).map((r) => ({
        slug: r.slug,
        member: r.member,
        noradId: r.norad_id,
        line1: r.line1,
        line2: r.line2,
        epoch: new Date(r.epoch).toISOString(),
      }))
    },
    /** Launch events, newest first; members launched together are one event ("A、B、C", or "A 等 N 颗" beyond three). */
    async events(limit: number): Promise<SatelliteEvent[]> {
      return (await repo.launches(limit)).map((r) => ({
        date: r.date,
        kind: 'launch' as const,
        slug: r.slug,
        seriesName: r.name_zh,
        member:
          r.members.length <= 3
            ? r.members.join('、')
            : tZh('satelliteApi.eventMembers', { first: r.members[0] ?? '', count: r.members.length }),
        country: r.country,
      }))
    },
  }
}
export type SatellitesService = ReturnType<typeof createSatellitesService>
