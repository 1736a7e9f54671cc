/** zh-CN words of the figure widget (chart + table + export: analysis pages, monitoring statistics and trend). */
export const figureZh = {
  export: '导出',
  exportCsv: '导出表格（CSV）',
  exportXlsx: '导出表格（Excel）',
  exportPng: '导出图片（PNG）',
  exportFailed: '导出失败，请重试',
  tableLabel: '{title}（数据表）',
  chartLabel: '{title}图表，数值见数据表',
  chartLabelUntitled: '图表，数值见数据表',
  noRows: '暂无数据',
  rowsCount: '共 {count} 行',
} as const
