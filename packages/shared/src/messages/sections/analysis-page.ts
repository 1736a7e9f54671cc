/** zh-CN words of the analysis screens (/satellite/analysis/*): labels, buttons, notices. */
export const analysisPageZh = {
  title: '动态分析',
  navLabel: '分析页面',
  highlights: '关键数字',
  figures: '统计图表',
  source: '数据来源：{source}',
  asOf: '数据截至：{asOf}',
  attribution: '数据来源：{source}；数据截至：{asOf}',
  exported: '已导出 {file}',
  chartAlt: '{title}（图表）：{counted}',
  noFigures: '本页暂无统计图表',
  loadFailed: '统计数据加载失败',
  loadFailedDesc: '暂时无法获取统计数据，请稍后重试。',
  retry: '重新加载',
  references: '规划任务的资料来源',
  referenceDate: '（{date}）',
  referenceSeparator: '：',
} as const
