/** zh-CN words of the typical-image page (/satellite/image) and its API. */
export const typicalImageZh = {
  title: '典型影像',
} as const
