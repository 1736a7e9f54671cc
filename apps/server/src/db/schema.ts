import type { ColumnType, Generated } from 'kysely'

type Timestamp = ColumnType<Date, Date | string, Date | string>
type CreatedAt = ColumnType<Date, Date | string | undefined, never>

export interface AppUserTable {
  id: Generated<number>
  username: string
  password_hash: string
  account_type: Generated<number>
  telephone: string | null
  email: string | null
  real_name: Generated<string>
  organization: Generated<string>
  is_service: Generated<boolean>
  disabled: Generated<boolean>
  must_change_password: Generated<boolean>
  password_changed_at: Timestamp
  failed_attempts: Generated<number>
  locked_until: Timestamp | null
  created_at: CreatedAt
}

export interface PermissionTable {
  code: string
  name: string
}

export interface UserPermissionTable {
  user_id: number
  code: string
}

export interface AreaRangeTable {
  id: Generated<number>
  user_id: number
  type: string
  region_id: string
  status: Generated<number>
  is_delete: Generated<number>
}

export interface PushNodeTable {
  id: Generated<number>
  name: string
  region_id: string
  level: Generated<'province' | 'city'>
  target_kind: Generated<'folder' | 's3'>
  /** folder under the push root (PUSH_DIR), or the key prefix in the node's bucket */
  target: Generated<string>
  /** the bucket's location without its secret (target_kind 's3') */
  s3: unknown | null
  /** the bucket's secret key, sealed (lib/secrets.ts) */
  s3_secret: string | null
  contacts: Generated<unknown>
  enabled: Generated<boolean>
  created_at: Generated<Date>
  last_pushed_at: Date | null
}

export interface UserPushNodeTable {
  user_id: number
  push_node_id: number
}

export interface CaptchaTable {
  token: string
  answer: string
  secret_key: string
  expires_at: Timestamp
  created_at: CreatedAt
}

export interface UserSessionTable {
  id: Generated<number>
  token_hash: string
  user_id: number
  created_at: CreatedAt
  last_seen_at: Timestamp
  expires_at: Timestamp
  ip: string
  user_agent: string
}

export interface PageVisitTable {
  name: string
  label: string
  count: Generated<number>
  updated_at: Timestamp
}

export interface CartItemTable {
  id: Generated<number>
  user_id: number
  scene_id: string
  created_at: CreatedAt
}

/** Geometry columns are read through PostGIS functions (ST_AsGeoJSON…), never as raw values. */
type Geometry = ColumnType<unknown, never, never>

export interface RegionTable {
  code: string
  name: string
  full_name: string
  level: 'country' | 'province' | 'city' | 'county'
  parent_code: string | null
  center: Geometry
  geom: Geometry
  /** generated: geom simplified for the vector tiles of zooms 0–3 */
  geom_z3: Geometry
  /** generated: geom simplified for the vector tiles of zooms 4–6 */
  geom_z6: Geometry
  /** generated: geom simplified exactly as a vector tile of zoom 2, 3, 4, 5 does (migration 20261127000000) */
  tile_z2: Geometry
  tile_z3: Geometry
  tile_z4: Geometry
  tile_z5: Geometry
  area_km2: number | null
}

/** A province cut into parts of at most 128 vertices for the 全国 scene search (filled by the reference-data loader). */
export interface RegionPartTable {
  code: string
  level: RegionTable['level']
  geom: Geometry
}

export interface GlobalRegionTable {
  code: string
  name: string
  name_en: string
  geom: Geometry
  /** generated: geom simplified for the vector tiles of zooms 0–3 */
  geom_z3: Geometry
}

export interface ReferenceDataTable {
  name: string
  version: string
  loaded_at: CreatedAt
}

export interface AoiUploadTable {
  id: string
  user_id: number | null
  file_name: string
  feature_count: number
  vertex_count: number
  notices: ColumnType<string[], string, string>
  geom: Geometry
  area_km2: number
  created_at: CreatedAt
}

export interface SatelliteTable {
  slug: string
  name_zh: string
  name_en: string
  country: string
  operator: string
  category: string
  status: string
  position: number
  /** The entry of data/satellites/satellites.json as a Chinese page shows it (db/satellite-data.ts chineseFacts). */
  facts: ColumnType<Record<string, unknown>, string, string>
  /** The same entry as an English page shows it (englishFacts); null only between the migration and the next load. */
  facts_en: ColumnType<Record<string, unknown> | null, string, string>
}

export interface SatelliteCatalogueTable {
  idx: number
  label: string
  value: string
  checked: boolean
  properties: number
  resolution: number
  type: number
}

export interface SatelliteSensorTable {
  satellite: string
  sensor_id: string
  position: number
  slug: string
  sensor_name: string
  resolution_m: number | null
  swath_km: number | null
}

/** One Earth-observation satellite of the UCS database (data/satellites-world), with derived fields. */
export interface WorldSatelliteTable {
  norad_number: number
  position: number
  name: string
  country_of_operator_owner: string
  operator_owner: string
  users: string
  purpose: string
  detailed_purpose: string | null
  class_of_orbit: string
  perigee_km: number | null
  apogee_km: number | null
  inclination_deg: number | null
  period_min: number | null
  launch_mass_kg: number | null
  /** YYYY-MM-DD; read it as text (to_char), never as a Date. */
  date_of_launch: ColumnType<string | null, string | null, string | null>
  expected_lifetime_yrs: number | null
  cospar_number: string
  operator_country: string
  orbit_class: string
  launch_year: number | null
  launch_date_note: string | null
  user_group: string
  category: string
  remote_sensing: boolean
  series_slug: string | null
  resolution_m: number | null
  resolution_class: number | null
}

/** One planned mission of data/satellites-world/planned-missions.csv, with derived fields. */
export interface PlannedMissionTable {
  position: number
  name: string
  country: string
  planned_year: string
  category: string
  source: string
  source_date: ColumnType<string | null, string | null, string | null>
  /** The name and planned period as the page shows them (planned-missions.zh.json). */
  name_zh: string
  planned_year_zh: string
  /** The source named (references.zh.json): its publisher and a title of the page. */
  source_publisher: string
  source_title: string
  /** The same in English (references.en.json). */
  source_publisher_en: string
  source_title_en: string
  portal_category: string
  period_key: string
  satellites: number
}

/** One member's two-line elements from data/satellites/tle/resource.tle (checksums verified by the loader). */
export interface SatelliteTleTable {
  norad_id: number
  slug: string
  member: string
  line1: string
  line2: string
  epoch: Timestamp
  position: number
}

/** A satellite news article; the cover is stored in the row and read only by the cover endpoint. */
export interface NewsTable {
  id: Generated<number>
  title: string
  summary: string
  /** YYYY-MM-DD; read it as text (to_char), never as a Date. */
  date: ColumnType<string, string, string>
  source: string
  satellite_slug: string | null
  body: string
  cover: Buffer | null
  cover_type: string | null
  created_by: number | null
  created_at: CreatedAt
  updated_by: number | null
  updated_at: Timestamp
  deleted: Generated<boolean>
}

/** An operator's real image replacing a typical-image illustration; image NULL = illustration restored. */
export interface TypicalImageTable {
  key: string
  image: Buffer | null
  content_type: string | null
  width: number | null
  height: number | null
  credit: string | null
  updated_by: number | null
  updated_at: Timestamp
}

/** One audit record (等保 安全审计); the table is append-only (a trigger refuses UPDATE and young DELETEs). */
/** Person information of account type 0 beyond app_user's real_name and organization (issue 11). */
export interface PersonInfoTable {
  user_id: number
  organization_type: string
  region_code: string
  industry: string
  purpose: string
  terms_accepted_at: Timestamp
  created_at: CreatedAt
}

/** Hashes a password replaced (等保: a new password may not repeat one of the last five). */
export interface PasswordHistoryTable {
  id: Generated<number>
  user_id: number
  password_hash: string
  replaced_at: CreatedAt
}

/** A verification code sent by e-mail or SMS: its HMAC, never the code. */
export interface VerificationCodeTable {
  id: Generated<number>
  token: string
  purpose: 'register' | 'reset' | 'change'
  channel: 'email' | 'telephone'
  recipient: string
  code_hash: string
  secret_key: string
  ip: Generated<string>
  failed_tries: Generated<number>
  created_at: CreatedAt
  expires_at: Timestamp
  used_at: Timestamp | null
}

/** Mail and SMS kept for administrators when no SMTP server or SMS provider is set. */
export interface OutboxTable {
  id: Generated<number>
  at: CreatedAt
  channel: 'email' | 'sms'
  recipient: string
  subject: Generated<string>
  text_body: string
  html_body: string | null
}

export interface AuditLogTable {
  id: Generated<number>
  at: CreatedAt
  user_id: ColumnType<number | null, number | null | undefined, never>
  username: Generated<string>
  ip: Generated<string>
  action: string
  target: Generated<string>
  outcome: 'success' | 'failure'
  detail: ColumnType<Record<string, unknown>, string | undefined, never>
}

/** The database as Kysely sees it. */
/** One scene of the image archive (generated demo scenes and imported ones). */
export interface SceneTable {
  id: string
  satellite: string
  sensor: string
  slug: string | null
  acquired_at: Timestamp
  cloud_percent: number
  resolution_m: number
  product_level: string
  orbit: number | null
  path: number | null
  row: number | null
  direction: 'ascending' | 'descending' | null
  off_nadir_deg: number | null
  sun_elevation_deg: number | null
  file_name: string
  data_status: ColumnType<string, string | undefined, string>
  /** MultiPolygon, EPSG:4326; write it with ST_GeomFromGeoJSON / EWKT in SQL. */
  footprint: string
  area_km2: number
  illustrative: ColumnType<boolean, boolean | undefined, boolean>
  quicklook_href: string | null
  source: ColumnType<string, string | undefined, string>
  imported_at: ColumnType<Date, Date | string | undefined, Date | string>
  /** The provinces the footprint meets, kept by a trigger (migration 20261202100000_scene-provinces). */
  province_codes: ColumnType<string[], never, never>
}

/** A FILE list of the image query (SPEC §4 upload types) and its match report. */
export interface SceneListTable {
  id: string
  user_id: number | null
  upload_type: number
  file_name: string
  line_count: number
  report: ColumnType<Record<string, unknown>, string, string>
  created_at: Generated<Date>
}

/** One accepted line of a FILE list: a file name, or orbit/path/row numbers. */
export interface SceneListLineTable {
  list_id: string
  line: number
  file_name: string | null
  orbit: number | null
  path: number | null
  row: number | null
}

/** An order of scenes (issue 11); status follows packages/shared domain/order.ts. */
export interface SceneOrderTable {
  id: Generated<number>
  user_id: number
  status: Generated<string>
  purpose: string
  project: string
  terms_accepted_at: Timestamp
  scene_count: number
  reject_reason: string | null
  reviewed_by: number | null
  reviewed_at: Timestamp | null
  progress: Generated<number>
  extract_code: string | null
  package_file: string | null
  /** bigint: read as a string by node-postgres */
  package_bytes: ColumnType<string | number | null, number | null, number | null>
  package_sha256: string | null
  ready_at: Timestamp | null
  expires_at: Timestamp | null
  created_at: CreatedAt
  updated_at: Timestamp
}

export interface SceneOrderItemTable {
  order_id: number
  position: number
  scene_id: string
}

/** An application's attachment (申请附件): uploaded first, named by the application that uses it. */
export interface ApplyAttachmentTable {
  id: Generated<number>
  user_id: number
  file_name: string
  content_type: string
  bytes: number
  data: Buffer
  created_at: CreatedAt
}

/** An application for a module permission over regions; status follows packages/shared domain/apply.ts. */
export interface ApplicationTable {
  id: Generated<number>
  user_id: number
  kind: string
  module: string
  region_ids: string[]
  reason: string
  attachment_id: number | null
  status: Generated<string>
  reject_reason: string | null
  reviewed_by: number | null
  reviewed_at: Timestamp | null
  created_at: CreatedAt
  updated_at: Timestamp
}

/** Feedback from a visitor or a user (意见反馈). */
export interface FeedbackTable {
  id: Generated<number>
  type: string
  content: string
  contact: Generated<string>
  user_id: number | null
  ip: Generated<string>
  created_at: CreatedAt
  handled_by: number | null
  handled_at: Timestamp | null
  handle_note: Generated<string>
}

export interface OrbitPredictionTable {
  id: Generated<number>
  user_id: number
  name: string
  window_start: ColumnType<Date, Date | string, never>
  window_end: ColumnType<Date, Date | string, never>
  satellite_count: number
  pass_count: number
  query: ColumnType<unknown, string, never>
  result: ColumnType<unknown, string, never>
  created_at: CreatedAt
}

/** A province's request to the ministry (省部协同); state follows packages/shared domain/province-ministry.ts. */
export interface ProvinceMinistryRequestTable {
  id: Generated<number>
  kind: string
  title: string
  region_id: string
  asker_id: number
  asker_unit: Generated<string>
  state: Generated<string>
  message_count: Generated<number>
  created_at: CreatedAt
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>
  closed_by: number | null
  closed_at: Timestamp | null
}

/** One message of a request's thread: the request itself, an answer or a follow-up. */
export interface ProvinceMinistryMessageTable {
  id: Generated<number>
  request_id: number
  kind: string
  author_id: number
  author_role: string
  author_unit: Generated<string>
  body: string
  created_at: CreatedAt
}

/** An attachment of a 省部协同 message: uploaded first, bound to the message that carries it. */
export interface ProvinceMinistryAttachmentTable {
  id: Generated<number>
  user_id: number
  message_id: number | null
  file_name: string
  content_type: string
  bytes: number
  data: Buffer
  created_at: CreatedAt
}

export interface Database {
  app_user: AppUserTable
  permission: PermissionTable
  user_permission: UserPermissionTable
  area_range: AreaRangeTable
  push_node: PushNodeTable
  user_push_node: UserPushNodeTable
  captcha: CaptchaTable
  user_session: UserSessionTable
  page_visit: PageVisitTable
  cart_item: CartItemTable
  scene_order: SceneOrderTable
  scene_order_item: SceneOrderItemTable
  apply_attachment: ApplyAttachmentTable
  application: ApplicationTable
  province_ministry_request: ProvinceMinistryRequestTable
  province_ministry_message: ProvinceMinistryMessageTable
  province_ministry_attachment: ProvinceMinistryAttachmentTable
  feedback: FeedbackTable
  region: RegionTable
  region_part: RegionPartTable
  global_region: GlobalRegionTable
  reference_data: ReferenceDataTable
  aoi_upload: AoiUploadTable
  satellite: SatelliteTable
  satellite_catalogue: SatelliteCatalogueTable
  satellite_sensor: SatelliteSensorTable
  world_satellite: WorldSatelliteTable
  planned_mission: PlannedMissionTable
  satellite_tle: SatelliteTleTable
  news: NewsTable
  typical_image: TypicalImageTable
  audit_log: AuditLogTable
  person_info: PersonInfoTable
  password_history: PasswordHistoryTable
  verification_code: VerificationCodeTable
  outbox: OutboxTable
  scene: SceneTable
  scene_list: SceneListTable
  scene_list_line: SceneListLineTable
  orbit_prediction: OrbitPredictionTable
  monitor_batch: MonitorBatchTable
  monitor_spot: MonitorSpotTable
  monitor_verification: MonitorVerificationTable
  monitor_verification_step: MonitorVerificationStepTable
  monitor_verification_photo: MonitorVerificationPhotoTable
}

/** One delivery of a monitoring module (migration 20261129200000): its date YYYYMMDD and file name. */
export interface MonitorBatchTable {
  module: string
  batch: string
  filename: string
  source: 'generated' | 'imported'
  created_at: Generated<Date>
}

/** One spot of a module in a batch; the same site_id across batches is the same place. */
export interface MonitorSpotTable {
  id: Generated<number>
  module: string
  batch: string
  site_id: string
  province_code: string
  city_code: string
  county_code: string
  spot_type: string
  stage: 'new' | 'persist'
  area_m2: number | null
  length_m: number | null
  attributes: ColumnType<Record<string, string | number>, string, string>
  illustrative: Generated<boolean>
  geom: Geometry
  /** XYZ tile x and y at level 14 of the point on surface (generated, migration 20261129210000). */
  grid_x14: Generated<number>
  grid_y14: Generated<number>
}

/** The current field-check state of a spot (migration 20261130100000); no row: unchecked. */
export interface MonitorVerificationTable {
  spot_id: number
  module: string
  state: 'recorded' | 'accepted' | 'returned'
  result: 'true' | 'false' | 'partial' | null
  updated_at: Generated<Date>
}

/** One step of a spot's field check: recorded by the province, accepted or returned by the ministry. */
export interface MonitorVerificationStepTable {
  id: Generated<number>
  spot_id: number
  event: 'record' | 'accept' | 'return'
  state: 'recorded' | 'accepted' | 'returned'
  user_id: number | null
  username: string
  result: 'true' | 'false' | 'partial' | null
  note: string | null
  lon: number | null
  lat: number | null
  reason: string | null
  created_at: CreatedAt
}

/** A photo of a recorded check (JPEG or PNG, checked by its bytes). */
export interface MonitorVerificationPhotoTable {
  id: Generated<number>
  step_id: number
  file_name: string
  content_type: 'image/jpeg' | 'image/png'
  bytes: number
  data: Buffer
}
