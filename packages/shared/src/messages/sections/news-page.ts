/** zh-CN words of the news screens (/satellite/news, article, editor). */
export const newsPageZh = {
  title: '卫星新闻',
} as const
