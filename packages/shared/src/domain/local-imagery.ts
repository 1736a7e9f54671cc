/**
 * A province's own imagery (本地数据, provinceFeedback, MOD_085, issue 23): aerial (航空) or
 * satellite (航天) footprints it registers, counted as the coverage engine's 'local' source.
 */
export const LOCAL_IMAGERY_KINDS = ['aerial', 'satellite'] as const
export type LocalImageryKind = (typeof LOCAL_IMAGERY_KINDS)[number]

export const LOCAL_IMAGERY_LIMITS = {
  /** Largest upload in bytes (zipped shapefile, GeoJSON, KML or Excel). */
  maxUploadBytes: 20 * 1024 * 1024,
  /** Most footprints in one file. */
  maxFeatures: 5_000,
  /** Most vertices of one footprint. */
  maxVertices: 10_000,
  /** Longest text attribute. */
  maxText: 200,
  /** Finest and coarsest resolution accepted, metres. */
  minResolution: 0.01,
  maxResolution: 1_000,
  /** Earliest acquisition accepted. */
  earliest: '1970-01-01',
} as const

/**
 * The attribute names a file may use for each field (matched ignoring case): English, pinyin-ish
 * and the Chinese column headings of the Excel list.
 */
export const LOCAL_IMAGERY_FIELDS = {
  name: ['name', 'title', '名称', '影像名称', '景名'],
  kind: ['kind', 'type', '类型', '影像类型'],
  acquiredOn: ['date', 'acquired', 'acquired_on', 'acq_date', '获取日期', '成像日期', '拍摄日期'],
  resolution: ['resolution', 'res', 'gsd', '分辨率', '分辨率(米)', '分辨率（米）'],
  sensor: ['sensor', 'camera', '传感器', '相机', '传感器/相机'],
  owner: ['owner', 'owner_unit', 'unit', '权属单位', '所属单位'],
  licence: ['licence', 'license', '许可', '授权', '使用许可'],
  /** Excel only: the footprint as WKT, or its box in four columns. */
  wkt: ['wkt', 'geometry', '范围', '范围wkt'],
  west: ['west', 'minx', '西'],
  south: ['south', 'miny', '南'],
  east: ['east', 'maxx', '东'],
  north: ['north', 'maxy', '北'],
} as const

/** The words a file may use for a kind. */
export const LOCAL_KIND_WORDS: Record<LocalImageryKind, readonly string[]> = {
  aerial: ['aerial', 'air', '航空', '航摄', '无人机'],
  satellite: ['satellite', 'space', '航天', '卫星'],
}
