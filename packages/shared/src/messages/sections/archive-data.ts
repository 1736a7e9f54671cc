/** zh-CN words of a scene's quicklook (GET /api/normalmeta/quicklook): the 示意 label and what a bad request is told. */
export const archiveDataZh = {
  quicklookLabel: '示意',
  visualAsset: '快视图（示意，按范围地理配准，可拼接）',
  errors: {
    notFound: '未找到编号为“{id}”的影像，请检查影像编号',
    noQuicklook: '影像“{id}”没有快视图',
    tooSlow: '快视图生成超过 {seconds} 秒，请稍后重试或改用较小的尺寸（size）',
  },
} as const
