/** en-US words of the figure widget (chart + table + export). */
export const figureEn = {
  export: 'Export',
  exportCsv: 'Export table (CSV)',
  exportXlsx: 'Export table (Excel)',
  exportPng: 'Export image (PNG)',
  exportFailed: 'Export failed, please try again',
  tableLabel: '{title} (data table)',
  chartLabel: 'Chart of {title}; the data table gives its values',
  chartLabelUntitled: 'Chart; the data table gives its values',
  noRows: 'No data',
  rowsCount: 'Rows: {count}',
}
