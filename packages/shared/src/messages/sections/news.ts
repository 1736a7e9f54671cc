/** zh-CN words of the satellite news (list, article, editor) and the news API's messages. */
export const newsZh = {
  title: '卫星新闻',
  titleRequired: '请填写新闻标题',
  summaryRequired: '请填写新闻摘要',
  sourceRequired: '请填写新闻来源',
  bodyRequired: '请填写新闻正文',
} as const
