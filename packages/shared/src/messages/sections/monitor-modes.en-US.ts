import type { monitorModesZh } from './monitor-modes'

type DeepPartial<T> = { [K in keyof T]?: T[K] extends string ? string : DeepPartial<T[K]> }

/** English words of the monitor grid, sequence and trend modes. */
export const monitorModesEn = {
  grid: {
    level: 'Grid level',
    levelOption: 'Level {level} (about {size} m)',
    cells: 'Cells',
    densest: 'Densest cells',
    cell: 'Cell (z/x/y)',
    center: 'Centre',
    cellsSummary: '{cells} cells with spots, {num} spots in all',
    allRegions: 'All permitted regions',
    regionPick: 'Region',
    batch: 'Batch',
    latest: 'Latest batch',
    hint: 'Cells are Web Mercator XYZ tiles (level {level}); a spot counts in the tile of its point on surface.',
  },
  sequence: {
    title: 'Last {count} batches',
    newSites: 'New',
    goneSites: 'Gone',
    persisting: 'Persisting',
    changes: 'Changes between batches',
    fromTo: '{from} → {to}',
    first: '(first batch)',
    compare: 'Compared',
    endBatch: 'Up to batch',
  },
  statistics: {
    fileName: '{module}_{region}_statistics',
  },
  trend: {
    title: 'Trend by batch',
    chartCount: 'Count trend',
    chartMeasure: '{measure} trend',
    fileName: '{module}_{region}_trend',
    children: 'Child regions',
    thisRegion: 'Region total',
    showTop: 'The chart shows the {count} largest child regions',
  },
  errors: {
    badLevel: 'The grid level must be 13 or 14',
    tooManyCells: 'More than {max} cells: narrow the region or add filters',
    noBatches: 'This module has no batches yet',
    modeNotOffered: 'This module does not offer this mode',
  },
} satisfies DeepPartial<typeof monitorModesZh>
