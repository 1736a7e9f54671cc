/**
 * The contract's plain values: limits, enumerations and codes that the web shows and the server
 * enforces. No zod here, so the browser imports them without building any schema; the schemas in
 * the other files of this folder are made from them.
 */

/**
 * Business codes that are not HTTP statuses. accountRequired comes with HTTP 401: the session is an
 * automatic login (a shared service account) and the call needs an account of one's own; the
 * session stays, the web opens the login dialog.
 */
export const API_CODE = { ok: 0, upgradeRequired: 2, accountRequired: 3 } as const

/** Limits of an uploaded area of interest; the web checks the size before sending, the server enforces all. */
export const AOI_LIMITS = {
  /** Largest upload in bytes (10 MB). */
  maxUploadBytes: 10 * 1024 * 1024,
  /** Largest total of a zip's unpacked entries in bytes (100 MB). */
  maxUnzippedBytes: 100 * 1024 * 1024,
  /** Most entries a zip may hold. */
  maxZipEntries: 50,
  /** Most polygon features. */
  maxFeatures: 10_000,
  /** Most vertices over all polygons. */
  maxVertices: 200_000,
  /** Longest time in seconds that reading and repairing one upload may take, waiting included; over it the upload is refused and nothing is stored. */
  maxProcessingSeconds: 8,
} as const

/** File name endings the upload accepts. */
export const AOI_FILE_TYPES = ['.zip', '.geojson', '.json', '.kml'] as const

/** Limits of a news article; the web checks them before sending, the server enforces them. */
export const NEWS_LIMITS = {
  titleMax: 100,
  summaryMax: 300,
  sourceMax: 100,
  bodyMax: 20_000,
  /** Largest cover image in bytes (2 MB): PNG, JPEG or WebP. */
  coverMaxBytes: 2 * 1024 * 1024,
  pageSizeMax: 50,
} as const

/** The typical-image samples of SPEC §2, in page order. */
export const TYPICAL_IMAGE_KEYS = [
  'zy3-mux',
  'zy3-pan',
  'zy3-fwd',
  'zy3-bwd',
  'gf1',
  'gf2',
  'gf4',
  'gf7-mux',
  'gf7-fwd',
  'gf7-bwd',
  'lsar-1',
  'lsar-2',
] as const

export const TYPICAL_IMAGE_LIMITS = {
  /** Largest replacement image in bytes (8 MB): PNG, JPEG or WebP. */
  maxBytes: 8 * 1024 * 1024,
  /** Largest width or height in pixels. */
  maxSide: 8000,
  /** Longest credit line of a real image, in characters. */
  maxCreditChars: 200,
} as const

/** Limits of the archive's calls; the web shows them, the server enforces them. */
export const ARCHIVE_LIMITS = {
  /** Page sizes the result list offers (SPEC §9 page info: pageNum 1 / pageSize 20). */
  pageSizes: [20, 50, 100] as const,
  /** Deepest page a portal query may ask for (keyset paging serves deeper reads through STAC). */
  maxPageNum: 500,
  /** Most satellites plus sensors in one query (the catalogue's maximum, SPEC §9). */
  maxSatellites: 120,
  /** Most scene ids in one call (checked scenes for the union area, coverage or export). */
  maxIds: 1000,
  /** Most scenes one export writes. */
  maxExport: 10_000,
  /** Most scenes one coverage analysis considers (the best by the query's sort come first). */
  maxCoverageScenes: 5000,
  /** Most vertices of a drawn area sent in a query body (uploads have their own limits, AOI_LIMITS). */
  maxDrawnVertices: 10_000,
  /** Most lines of a FILE upload (file names, orbit-path-row or path-row). */
  maxListLines: 5000,
  /** Largest FILE upload in bytes (text or Excel). */
  maxListBytes: 2 * 1024 * 1024,
  /** Above this many matches the total is estimated (totalExact false) instead of counted. */
  exactCountLimit: 10_000,
  /** Minutes a footprint-tile query (POST /api/normalmeta/tiles) stays usable after its last tile. */
  tileQueryMinutes: 30,
} as const

/** Data status of a scene (SPEC §9 default '2'). */
export const DATA_STATUS = ['1', '2', '3'] as const
export type DataStatus = (typeof DATA_STATUS)[number]
export const DEFAULT_DATA_STATUS: DataStatus = '2'

/** Product levels of the archive, lowest processing first. */
export const PRODUCT_LEVELS = ['L1A', 'L1B', 'L2A', 'L4'] as const
export type ProductLevel = (typeof PRODUCT_LEVELS)[number]

/** FILE upload types of SPEC §4. The misspelling FLIE_NAMES is the specification's own wire name. */
export const UPLOAD_TYPE = { FLIE_NAMES: 1, OPR: 2, PR: 3 } as const
export type UploadType = (typeof UPLOAD_TYPE)[keyof typeof UPLOAD_TYPE]

export const SCENE_SORT_FIELDS = ['time', 'cloud', 'resolution'] as const
export type SceneSortField = (typeof SCENE_SORT_FIELDS)[number]

export const EXPORT_FORMATS = ['csv', 'xlsx', 'geojson', 'shp'] as const
export type ExportFormat = (typeof EXPORT_FORMATS)[number]
