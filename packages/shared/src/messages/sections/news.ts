/** zh-CN words of the satellite news (list, article, editor) and the news API's messages. */
export const newsZh = {
  title: '卫星新闻',
  titleRequired: '请填写新闻标题',
  summaryRequired: '请填写新闻摘要',
  sourceRequired: '请填写新闻来源',
  bodyRequired: '请填写新闻正文',
  notFound: '未找到该新闻',
  invalidDate: '新闻日期无效',
  unknownSatellite: '未知的卫星“{slug}”，请从卫星列表中选择',
  coverNotFound: '该新闻没有封面图片',
  cover: {
    noFile: '请选择封面图片',
    tooLarge: '图片过大，最大 {size}',
    notImage: '只支持 PNG、JPEG 或 WebP 格式的图片',
    corrupt: '图片已损坏或不完整，无法读取',
    tooManyPixels: '图片尺寸过大（{width}×{height} 像素），每边最多 {max} 像素',
  },
} as const
