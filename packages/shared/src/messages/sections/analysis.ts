/** zh-CN words of the analysis pages (/satellite/analysis/*) and of the analysis API's titles and sentences. */
export const analysisZh = {
  title: '动态分析',
} as const
