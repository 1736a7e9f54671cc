/** zh-CN words of the archive's coverage analysis, exports and footprint tiles (server side). */
export const archiveCoverageZh = {
  regionLevel: {
    province: '省',
    city: '市',
    county: '县（区）',
  },
  export: {
    /** the file's name before its date, e.g. 影像查询结果-20261126.csv */
    fileBase: '影像查询结果',
    sheet: '影像列表',
    columns: {
      id: '影像编号',
      satellite: '卫星',
      sensor: '传感器',
      acquiredAt: '成像时间（北京时间）',
      cloudPercent: '云量（%）',
      resolutionM: '分辨率（米）',
      productLevel: '产品级别',
      orbit: '轨道号',
      path: '条带号',
      row: '行号',
      direction: '升降轨',
      offNadirDeg: '侧摆角（度）',
      fileName: '文件名',
      dataStatus: '数据状态',
      areaKm2: '面积（平方千米）',
      footprint: '足迹（WKT）',
    },
    direction: {
      ascending: '升轨',
      descending: '降轨',
    },
  },
  tiles: {
    layer: '查询结果影像足迹',
    fields: {
      id: '影像编号',
      satellite: '卫星',
      sensor: '传感器',
      cloud: '云量（%）',
      time: '成像时间（UTC，ISO 8601）',
    },
  },
  errors: {
    fileArea: '文件列表查询没有查询范围，无法做覆盖分析；请改用行政区、范围、绘制或矢量上传方式选择区域',
    tooComplex: '覆盖分析在 {seconds} 秒内未能完成，请缩小区域或减少影像数量后重试',
    exportTooSlow: '导出在 {seconds} 秒内未能完成，请减少影像数量后重试',
    badTileToken: '影像足迹图层的查询令牌无效或已过期（有效期 {minutes} 分钟），请重新查询',
    noScenes: '没有符合条件的影像可导出，请调整查询条件',
  },
} as const
