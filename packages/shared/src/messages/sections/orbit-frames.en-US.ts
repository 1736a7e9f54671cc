import type { orbitFramesZh } from './orbit-frames'

type Shape<T> = { [K in keyof T]: T[K] extends string ? string : Shape<T[K]> }

/** en-US words of the chosen pass's frames, the satellites that were not predicted and the live map. */
export const orbitFramesEn: Shape<typeof orbitFramesZh> = {
  frames: {
    title: 'Scenes the chosen pass would take: {count}',
    rollAt: 'rolled {roll}° toward the area',
    nadir: 'at nadir (no roll needed)',
    none: 'No scene of the chosen pass touches the area',
    loading: 'Cutting the chosen pass into scenes…',
    hint: 'The swath cut along the ground track as the archive cuts scenes; only scenes touching the area; times are the scene centres in Beijing time',
    archive: "This satellite's archived images of the area",
    sensor: 'Sensor',
    centreTime: 'Scene centre time',
    centre: 'Scene centre (lon, lat)',
  },
  notPredicted: {
    noSwath: 'Cannot be predicted (no swath known): {names}',
    stale: 'Cannot be predicted (orbit elements too old): {names}',
    decayed: 'Cannot be predicted (elements unusable or decayed): {names}',
  },
}
