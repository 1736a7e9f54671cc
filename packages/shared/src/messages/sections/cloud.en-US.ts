import type { cloudZh } from './cloud'

type Words<T> = { [K in keyof T]: T[K] extends string ? string : Words<T[K]> }

/** English words of the large screen. */
export const cloudEn: Words<typeof cloudZh> = {
  title: 'Natural Resources Satellite Cloud · Situation Wall',
  archive: 'Archive',
  scenes: 'Published scenes',
  satellites: 'Satellites',
  last24h: 'New in 24 hours',
  unitScene: 'scenes',
  unitSat: '',
  latest: 'Latest acquisition',
  coverage: '{period} {level} national coverage',
  coverageNote: 'Coverage by province (%), resolution changes every 15 s',
  pushes: '{period} pushes by province',
  pushesNone: 'No pushes in {period}; all periods shown',
  orbit: 'Satellites in orbit now',
  orbitCount: '{count} satellites',
  monitor: 'Monitoring',
  monitorBatch: 'Batch {batch}',
  monitorSpots: '{count} spots',
  stale: 'Service unreachable; showing data of {time}',
  updated: 'Updated {time}',
  demo: 'Demo data',
}
