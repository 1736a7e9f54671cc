/** zh-CN words of the satellite pages (/satellite/chinese/*, /satellite/global/*) and the satellite API. */
export const satellitePageZh = {
  title: '卫星介绍',
} as const
