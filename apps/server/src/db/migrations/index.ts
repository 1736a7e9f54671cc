import type { Migration } from 'kysely'
import * as foundation from './20261121000000_foundation'
import * as regions from './20261122000000_regions'
import * as aoiUpload from './20261122010000_aoi-upload'
import * as satellites from './20261122020000_satellites'
import * as worldSatellites from './20261122030000_world-satellites'
import * as newsAndImages from './20261122040000_news-and-images'
import * as auditLog from './20261125000000_audit-log'
import * as tileGeometry from './20261125030000_tile-geometry'
import * as sceneArchive from './20261126000000_scene-archive'
import * as sceneSearchIndexes from './20261126013000_scene-search-indexes'
import * as sceneTileView from './20261126050000_scene-tile-view'
import * as regionParts from './20261126060000_region-parts'
import * as sceneFilterIndex from './20261126070000_scene-filter-index'
import * as accounts from './20261127000000_accounts'
import * as tileZoomGeometry from './20261127010000_tile-zoom-geometry'
import * as orders from './20261128000000_orders'
import * as orbitPrediction from './20261129000000_orbit-prediction'
import * as applicationsAndFeedback from './20261129100000_applications-and-feedback'
import * as contactChangeCodes from './20261129110000_contact-change-codes'
import * as monitor from './20261129200000_monitor'
import * as monitorGrid from './20261129210000_monitor-grid'
import * as monitorMapLayers from './20261129350000_monitor-map-layers'
import * as monitorScaleIndexes from './20261129360000_monitor-scale-indexes'
import * as monitorVerification from './20261130100000_monitor-verification'
import * as dropMonitorStatsIndex from './20261130200000_drop-monitor-stats-index'
import * as monitorBatchVersion from './20261201100000_monitor-batch-version'
import * as sceneProvinces from './20261202100000_scene-provinces'
import * as monitorListCovering from './20261203100000_monitor-list-covering'
import * as monitorModuleVersion from './20261204100000_monitor-module-version'
import * as coverage from './20261205100000_coverage'
import * as push from './20261205200000_push'
import * as coveragePendingMonth from './20261205300000_coverage-pending-month'
import * as coveragePeriods from './20261205400000_coverage-periods'
import * as localImagery from './20261205500000_local-imagery'
import * as sceneImportedIndex from './20261205600000_scene-imported-index'
import * as plans from './20261206100000_plans'
import * as provinceMinistry from './20261206200000_province-ministry'
import * as pushS3 from './20261207100000_push-s3'
import * as plannedMissionTexts from './20261208100000_planned-mission-texts'
import * as englishFacts from './20261209100000_english-facts'

/** Every migration in order; the file name is the migration's name. Never edit one that has landed. */
export const migrations: Record<string, Migration> = {
  '20261121000000_foundation': foundation,
  '20261122000000_regions': regions,
  '20261122010000_aoi-upload': aoiUpload,
  '20261122020000_satellites': satellites,
  '20261122030000_world-satellites': worldSatellites,
  '20261122040000_news-and-images': newsAndImages,
  '20261125000000_audit-log': auditLog,
  '20261125030000_tile-geometry': tileGeometry,
  '20261126000000_scene-archive': sceneArchive,
  '20261126013000_scene-search-indexes': sceneSearchIndexes,
  '20261126050000_scene-tile-view': sceneTileView,
  '20261126060000_region-parts': regionParts,
  '20261126070000_scene-filter-index': sceneFilterIndex,
  '20261127000000_accounts': accounts,
  '20261127010000_tile-zoom-geometry': tileZoomGeometry,
  '20261128000000_orders': orders,
  '20261129000000_orbit-prediction': orbitPrediction,
  '20261129100000_applications-and-feedback': applicationsAndFeedback,
  '20261129110000_contact-change-codes': contactChangeCodes,
  '20261129200000_monitor': monitor,
  '20261129210000_monitor-grid': monitorGrid,
  '20261129350000_monitor-map-layers': monitorMapLayers,
  '20261129360000_monitor-scale-indexes': monitorScaleIndexes,
  '20261130100000_monitor-verification': monitorVerification,
  '20261130200000_drop-monitor-stats-index': dropMonitorStatsIndex,
  '20261201100000_monitor-batch-version': monitorBatchVersion,
  '20261202100000_scene-provinces': sceneProvinces,
  '20261203100000_monitor-list-covering': monitorListCovering,
  '20261204100000_monitor-module-version': monitorModuleVersion,
  '20261205100000_coverage': coverage,
  '20261205200000_push': push,
  '20261205300000_coverage-pending-month': coveragePendingMonth,
  '20261205400000_coverage-periods': coveragePeriods,
  '20261205500000_local-imagery': localImagery,
  '20261205600000_scene-imported-index': sceneImportedIndex,
  '20261206100000_plans': plans,
  '20261206200000_province-ministry': provinceMinistry,
  '20261207100000_push-s3': pushS3,
  '20261208100000_planned-mission-texts': plannedMissionTexts,
  '20261209100000_english-facts': englishFacts,
}
