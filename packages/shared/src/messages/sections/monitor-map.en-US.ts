import type { monitorMapZh } from './monitor-map'

type DeepPartial<T> = { [K in keyof T]?: T[K] extends string ? string : DeepPartial<T[K]> }

/** English words of the monitoring map layers and a spot's term data. */
export const monitorMapEn: DeepPartial<typeof monitorMapZh> = {
  term: {
    title: 'Scenes before and after',
    before: 'Before',
    after: 'After',
    none: 'No archive scene covers this spot',
    noneBefore: 'No archive scene covers this spot before the batch date',
    noneAfter: 'No archive scene covers this spot after the batch date',
    scene: '{satellite} {sensor} {time}, cloud {cloud}%',
    noQuicklook: 'This scene has no quicklook',
    show: 'Show on the map',
  },
}
