/** zh-CN words of the image archive's calls (normalmeta): what a bad query is told to change. */
export const archiveZh = {
  dataStatus: {
    '1': '生产中',
    '2': '已入库',
    '3': '已下线',
  },
  sort: {
    time: '成像时间',
    cloud: '云量',
    resolution: '分辨率',
  },
  uploadType: {
    '1': '文件名列表',
    '2': '轨道号-条带号-行号列表',
    '3': '条带号-行号列表',
  },
  errors: {
    badDate: '日期格式应为 YYYY-MM-DD',
    reversedDates: '开始日期不能晚于结束日期，请调换或重新选择',
    badCloud: '云量应为 0–100 之间的数',
    badResolution: '分辨率应为大于 0 的米数',
    reversedResolution: '最小分辨率不能大于最大分辨率',
    badPageSize: '每页条数只能是 20、50 或 100',
    badPageNum: '页码应为 1–{max} 之间的整数',
    tooManySatellites: '最多选择 {max} 颗卫星或传感器',
    badSatellite: '卫星代码格式不正确',
    badSensor: '传感器应写作“卫星代码:传感器代码”，例如 GF1:PMS1',
    badProductLevel: '产品级别不正确',
    badDataStatus: '数据状态只能是 1（生产中）、2（已入库）或 3（已下线）',
    badBbox: '范围应为 [最小经度, 最小纬度, 最大经度, 最大纬度]，经度在 -180–180、纬度在 -90–90 之间，且最小值小于最大值',
    badGeometry: '绘制的范围应为 GeoJSON 面（Polygon 或 MultiPolygon）',
    tooManyVertices: '绘制的范围顶点过多（最多 {max} 个）',
    badUploadId: '上传编号无效，请重新上传文件',
    tooManyIds: '一次最多处理 {max} 景影像',
    badSceneId: '影像编号格式不正确',
    badFormat: '导出格式只能是 csv、xlsx、geojson 或 shp',
  },
} as const
