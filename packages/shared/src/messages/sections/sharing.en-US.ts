import type { sharingZh } from './sharing'

type Words<T> = { [K in keyof T]: T[K] extends string ? string : Words<T[K]> }

/** English words of the sharing overview. */
export const sharingEn: Words<typeof sharingZh> = {
  screen: {
    title: 'Sharing overview',
    intro:
      'Two-way sharing between the ministry and the provinces: the imagery pushed to each region, and the imagery each region registered itself.',
    statistics: 'Statistics',
    detail: 'Detail',
    period: 'Period',
    allPeriods: 'All periods',
    measure: 'Colour by',
    measurePush: 'Scenes pushed',
    measureLocal: 'Own scenes',
    region: 'Region',
    pushBatches: 'Push batches',
    pushScenes: 'Scenes pushed',
    pushArea: 'Area pushed',
    localUploads: 'Registrations',
    localScenes: 'Own scenes',
    localArea: 'Own area',
    unitKm2: 'km²',
    total: 'Total',
    back: 'Up one level',
    drillHint: 'Click a region in the table to go down a level',
    pushes: 'Delivered pushes',
    locals: 'Registrations of own imagery',
    title2: 'Name',
    scenes: 'Scenes',
    area: 'Area (km²)',
    at: 'Time',
    by: 'By',
    file: 'File',
    empty: 'Nothing yet',
    fileName: 'sharing_{region}_{period}',
    ownLevel: '{name} (its own node)',
    country: 'China',
  },
  errors: { kind: 'The detail is push or local' },
}
