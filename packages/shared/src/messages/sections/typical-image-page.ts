/** zh-CN words of the typical-image screen (/satellite/image). */
export const typicalImagePageZh = {
  title: '典型影像',
} as const
