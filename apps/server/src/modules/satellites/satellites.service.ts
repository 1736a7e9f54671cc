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
  }
}
export type SatellitesService = ReturnType<typeof createSatellitesService>
