import type { Messages } from '../zh-CN'

/** en-US words of a scene's quicklook; every key of archiveDataZh. */
export const archiveDataEn: Messages['archiveData'] = {
  quicklookLabel: 'Illustrative',
  visualAsset: 'Quicklook (illustrative, georeferenced to its extent, can be mosaicked)',
  errors: {
    notFound: 'No scene with id "{id}"; please check the scene id',
    noQuicklook: 'Scene "{id}" has no quicklook',
    tooSlow: 'Drawing the quicklook took over {seconds} s; try again later or ask for a smaller size',
  },
}
