/** zh-CN words of the analysis screens (/satellite/analysis/*): labels, buttons, notices. */
export const analysisPageZh = {
  title: '动态分析',
} as const
