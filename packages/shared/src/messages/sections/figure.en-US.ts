/** en-US words of the figure widget (chart + table + export). */
export const figureEn = {
  export: 'Export',
  exportCsv: 'Export table (CSV)',
  exportXlsx: 'Export table (Excel)',
  exportPng: 'Export image (PNG)',
  exportFailed: 'Export failed, please try again',
  tableLabel: '{title} (data table)',
  noRows: 'No data',
  rowsCount: 'Rows: {count}',
}
