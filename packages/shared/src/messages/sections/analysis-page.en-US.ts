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
  export: 'Export',
  exportCsv: 'Export table (CSV)',
  exportPng: 'Export image (PNG)',
  exported: 'Exported {file}',
  exportFailed: 'Export failed, please try again',
  chartAlt: '{title} (chart): {counted}',
  tableLabel: '{title} (data table)',
  noRows: 'No data',
  noFigures: 'No charts on this page',
  loadFailed: 'The statistics failed to load',
  loadFailedDesc: 'The statistics are unavailable at the moment. Please try again later.',
  retry: 'Reload',
  rowsCount: 'Rows: {count}',
}
