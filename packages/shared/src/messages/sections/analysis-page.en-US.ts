import type { Messages } from '../zh-CN'

/** English words of the analysis screens (/satellite/analysis/*); every key of analysisPageZh. */
export const analysisPageEn: Messages['analysisPage'] = {
  title: 'Analysis',
  navLabel: 'Analysis pages',
  highlights: 'Key figures',
  figures: 'Charts',
  source: 'Source: {source}',
  asOf: 'Data as of {asOf}',
  attribution: 'Source: {source}; data as of {asOf}',
  exported: 'Exported {file}',
  chartAlt: '{title} (chart): {counted}',
  noFigures: 'No charts on this page',
  loadFailed: 'The statistics failed to load',
  loadFailedDesc: 'The statistics are unavailable at the moment. Please try again later.',
  retry: 'Reload',
  references: 'Sources of the planned missions',
  referenceDate: ' ({date})',
  referenceSeparator: ': ',
}
