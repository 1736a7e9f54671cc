import { DEFAULT_GRID_LEVEL, DEFAULT_GRID_LEVEL_DENSITY } from '../constants'
import type { LegendPaletteName } from '../legend'
import { PERMISSION } from '../permissions'
import type { MonitorModeKey } from './modes'

/**
 * The eight monitoring modules of SPEC.md §2 as declarations: everything the engine (server
 * routes, web screen, demo generator) needs to know about a module. Data only; adding a ninth
 * module means one more declaration and its data.
 */

/** Where a spot stands in the monitoring: first found in its batch, or already seen in an earlier batch. */
export const MONITOR_STAGES = ['new', 'persist'] as const
export type MonitorStage = (typeof MONITOR_STAGES)[number]

/** Shape of a module's spots: polygons (land), lines (roads) or points (InSAR points, turbines). */
export type SpotGeometryKind = 'polygon' | 'line' | 'point'

/** What besides the count a module sums: area in hectares, length in kilometres, or nothing. */
export type MonitorMeasure = 'area' | 'length' | null

export interface SpotTypeDecl {
  /** The value stored in monitor_spot.spot_type and sent as `tblx`. */
  value: string
  /** Message key of its name (messages monitor.spotType.<module>.<value>). */
  labelKey: string
  color: string
}

export interface SpotAttributeDecl {
  /** Key in monitor_spot.attributes. */
  key: string
  /** Message key of its name (monitor.attribute.<key>). */
  labelKey: string
  kind: 'text' | 'number'
}

export interface MonitorLayerDecl<N extends string = string> {
  /** Layer name in the map-service registry (SPEC.md §3 names where the SPEC gives one). */
  name: N
  kind: 'spots' | 'zone' | 'grid'
  /** Whether SPEC.md §3 names this layer (false: the portal's own name). */
  specName: boolean
}

export interface MonitorModuleDecl<K extends string = string, L extends MonitorLayerDecl = MonitorLayerDecl> {
  /** Also the route's name (page-visit statistics) and the `module` of the API and of monitor_spot. */
  key: K
  /** Route path under the SPA base; domain/routes.ts makes the menu entry from the declaration. */
  route: string
  /** Message key of the menu entry (nav.*). */
  navKey: string
  /** Lazy screen group of SPEC.md §2 (apps/web/src/app/screen.ts loads the one monitor screen under it). */
  screenGroup: string
  /** Message key of the title. */
  titleKey: string
  /** Message key of a one-line description. */
  introKey: string
  /** Module permission (MOD_xxx) that opens detail data. */
  permission: string
  /** Modes offered, statistics first. Modules with only statistics and detail say so here. */
  modes: readonly MonitorModeKey[]
  geometry: SpotGeometryKind
  measure: MonitorMeasure
  spotTypes: readonly SpotTypeDecl[]
  attributes: readonly SpotAttributeDecl[]
  palette: LegendPaletteName
  /** Web-map tile level of the grid mode (13, or 14 in the density variant). */
  gridLevel: number
  layers: readonly L[]
  /** The demo spots stand on real plant locations (GPPD) whose credit the screen shows. */
  gppd: boolean
}

/**
 * Identity with the key and the layers kept literal, so MONITOR_MODULE_KEYS is a tuple of the real
 * keys and MapLayerName (contracts/regions.ts) knows the SPEC layer names the modules declare.
 */
export function defineMonitorModule<const K extends string, const L extends MonitorLayerDecl>(
  decl: MonitorModuleDecl<K, L>,
): MonitorModuleDecl<K, L> {
  return decl
}

const types = (module: string, entries: ReadonlyArray<[string, string]>): SpotTypeDecl[] =>
  entries.map(([value, color]) => ({ value, labelKey: `monitor.spotType.${module}.${value}`, color }))
const attrs = (entries: ReadonlyArray<[string, 'text' | 'number']>): SpotAttributeDecl[] =>
  entries.map(([key, kind]) => ({ key, labelKey: `monitor.attribute.${key}`, kind }))
const ALL_MODES = ['statistics', 'detail', 'grid', 'sequence', 'trend'] as const

export const MONITOR_MODULES = [
  defineMonitorModule({
    key: 'landcover',
    route: 'monitor/landcover',
    navKey: 'nav.landcover',
    screenGroup: 'monitor',
    titleKey: 'monitor.module.landcover',
    introKey: 'monitor.intro.landcover',
    permission: PERMISSION.landcover,
    modes: ALL_MODES,
    geometry: 'polygon',
    measure: 'area',
    spotTypes: types('landcover', [
      ['farmToBuilt', '#e31a1c'],
      ['forestToBuilt', '#fd8d3c'],
      ['grassToBuilt', '#fecc5c'],
      ['farmToForest', '#31a354'],
      ['waterChange', '#3182bd'],
      ['other', '#969696'],
    ]),
    attributes: attrs([
      ['fromClass', 'text'],
      ['toClass', 'text'],
    ]),
    palette: 'yellowRed',
    gridLevel: DEFAULT_GRID_LEVEL,
    layers: [{ name: 'landcover_meta', kind: 'spots', specName: false }],
    gppd: false,
  }),
  defineMonitorModule({
    key: 'surfaceDeform',
    route: 'monitor/surfaceDeform',
    navKey: 'nav.surfaceDeform',
    screenGroup: 'surfaceDeform',
    titleKey: 'monitor.module.surfaceDeform',
    introKey: 'monitor.intro.surfaceDeform',
    permission: PERMISSION.surfaceDeform,
    modes: ['statistics', 'detail', 'grid', 'trend'],
    geometry: 'point',
    measure: null,
    spotTypes: types('surfaceDeform', [
      ['severe', '#a50026'],
      ['moderate', '#f46d43'],
      ['mild', '#fee090'],
      ['stable', '#abd9e9'],
      ['uplift', '#4575b4'],
    ]),
    attributes: attrs([
      ['velocityMmPerYear', 'number'],
      ['coherence', 'number'],
    ]),
    palette: 'orangeRed',
    gridLevel: DEFAULT_GRID_LEVEL,
    layers: [{ name: 'surfacedeform_meta', kind: 'spots', specName: false }],
    gppd: false,
  }),
  defineMonitorModule({
    key: 'road',
    route: 'monitor/road',
    navKey: 'nav.road',
    screenGroup: 'road',
    titleKey: 'monitor.module.road',
    introKey: 'monitor.intro.road',
    permission: PERMISSION.road,
    modes: ['statistics', 'detail', 'grid', 'trend'],
    geometry: 'line',
    measure: 'length',
    spotTypes: types('road', [
      ['new', '#d7301f'],
      ['widened', '#fc8d59'],
    ]),
    attributes: attrs([
      ['roadClass', 'text'],
      ['widthM', 'number'],
    ]),
    palette: 'yellowOrangeBrown',
    gridLevel: DEFAULT_GRID_LEVEL,
    layers: [{ name: 'road_meta', kind: 'spots', specName: false }],
    gppd: false,
  }),
  defineMonitorModule({
    key: 'nonagricultural',
    route: 'monitor/nonagricultural',
    navKey: 'nav.nonagricultural',
    screenGroup: 'monitor',
    titleKey: 'monitor.module.nonagricultural',
    introKey: 'monitor.intro.nonagricultural',
    permission: PERMISSION.nonagricultural,
    modes: ALL_MODES,
    geometry: 'polygon',
    measure: 'area',
    // the five categories of SPEC.md §9
    spotTypes: types('nonagricultural', [
      ['orchard', '#41ab5d'],
      ['greenway', '#a1d99b'],
      ['lake', '#4292c6'],
      ['pond', '#9ecae1'],
      ['fallow', '#d9b365'],
    ]),
    attributes: attrs([['landBefore', 'text']]),
    palette: 'yellowRed',
    gridLevel: DEFAULT_GRID_LEVEL,
    layers: [{ name: 'nonagricultural_nongrain_meta', kind: 'spots', specName: true }],
    gppd: false,
  }),
  defineMonitorModule({
    key: 'plantingstructure',
    route: 'monitor/plantingstructure',
    navKey: 'nav.plantingstructure',
    screenGroup: 'monitor',
    titleKey: 'monitor.module.plantingstructure',
    introKey: 'monitor.intro.plantingstructure',
    permission: PERMISSION.plantingstructure,
    modes: ['statistics', 'detail', 'trend'],
    geometry: 'polygon',
    measure: 'area',
    spotTypes: types('plantingstructure', [
      ['rice', '#1b9e77'],
      ['wheat', '#e6ab02'],
      ['maize', '#d95f02'],
      ['soybean', '#7570b3'],
      ['rapeseed', '#e7298a'],
      ['other', '#999999'],
    ]),
    attributes: attrs([['cropSeason', 'text']]),
    palette: 'warm',
    gridLevel: DEFAULT_GRID_LEVEL,
    layers: [{ name: 'plantingstructure_meta', kind: 'spots', specName: false }],
    gppd: false,
  }),
  defineMonitorModule({
    key: 'pvland',
    route: 'monitor/pvland',
    navKey: 'nav.pvland',
    screenGroup: 'pvland',
    titleKey: 'monitor.module.pvland',
    introKey: 'monitor.intro.pvland',
    permission: PERMISSION.pvland,
    modes: ALL_MODES,
    geometry: 'polygon',
    measure: 'area',
    spotTypes: types('pvland', [
      ['built', '#2c7fb8'],
      ['construction', '#fdae61'],
      ['expanded', '#d7191c'],
    ]),
    attributes: attrs([
      ['plantName', 'text'],
      ['capacityMw', 'number'],
      ['dataSource', 'text'],
    ]),
    palette: 'yellowRed',
    gridLevel: DEFAULT_GRID_LEVEL,
    layers: [
      { name: 'pvland_meta', kind: 'spots', specName: true },
      { name: 'pvland_adaptive_zone', kind: 'zone', specName: true },
    ],
    gppd: true,
  }),
  defineMonitorModule({
    key: 'windmill',
    route: 'monitor/windmill',
    navKey: 'nav.windmill',
    screenGroup: 'windmill',
    titleKey: 'monitor.module.windmill',
    introKey: 'monitor.intro.windmill',
    permission: PERMISSION.windmill,
    modes: ALL_MODES,
    geometry: 'point',
    measure: null,
    spotTypes: types('windmill', [
      ['built', '#3182bd'],
      ['construction', '#fd8d3c'],
    ]),
    attributes: attrs([
      ['plantName', 'text'],
      ['capacityMw', 'number'],
      ['dataSource', 'text'],
      ['hubHeightM', 'number'],
    ]),
    palette: 'orangeRed',
    // turbines are counted densely: the density variant of SPEC.md §4
    gridLevel: DEFAULT_GRID_LEVEL_DENSITY,
    layers: [
      { name: 'windmill_meta', kind: 'spots', specName: true },
      { name: 'windmill_adaptive_zone', kind: 'zone', specName: true },
    ],
    gppd: true,
  }),
  defineMonitorModule({
    key: 'steelplant',
    route: 'monitor/steelplant',
    navKey: 'nav.steelplant',
    screenGroup: 'steelplant',
    titleKey: 'monitor.module.steelplant',
    introKey: 'monitor.intro.steelplant',
    permission: PERMISSION.steelplant,
    // the variant of SPEC.md §4 with only STATISTICS=1 and DETAIL=2
    modes: ['statistics', 'detail'],
    geometry: 'polygon',
    measure: 'area',
    // the change types of SPEC.md §9: 不变 0, 扩张 1, 拆除 2, 部分拆除 3
    spotTypes: types('steelplant', [
      ['0', '#969696'],
      ['1', '#e31a1c'],
      ['2', '#2b8cbe'],
      ['3', '#7bccc4'],
    ]),
    attributes: attrs([['plantLabel', 'text']]),
    palette: 'yellowOrangeBrown',
    gridLevel: DEFAULT_GRID_LEVEL,
    layers: [{ name: 'steelplant_meta', kind: 'spots', specName: true }],
    gppd: false,
  }),
] as const

export type MonitorModule = (typeof MONITOR_MODULES)[number]
export type MonitorModuleKey = MonitorModule['key']

/** The declaration keys, in menu order (the contract's z.enum). */
export const MONITOR_MODULE_KEYS = MONITOR_MODULES.map((m) => m.key) as unknown as readonly [MonitorModuleKey, ...MonitorModuleKey[]]

const BY_KEY = new Map<string, MonitorModuleDecl>(MONITOR_MODULES.map((m) => [m.key, m]))

/** The declaration of a module key; undefined for an unknown key. */
export function monitorModule(key: string): MonitorModuleDecl | undefined {
  return BY_KEY.get(key)
}

/** Whether a value is one of the module's spot types. */
export function isSpotTypeOf(module: MonitorModuleDecl, value: string): boolean {
  return module.spotTypes.some((t) => t.value === value)
}

/** Every map layer the modules declare, with the module it belongs to. */
export function monitorLayers(modules: readonly MonitorModuleDecl[] = MONITOR_MODULES): Array<MonitorLayerDecl & { module: string }> {
  return modules.flatMap((m) => m.layers.map((l) => ({ ...l, module: m.key })))
}

/** The layer names of SPEC.md §3 that the modules declare (specName), e.g. windmill_meta. */
export type MonitorSpecLayerName = Extract<MonitorModule['layers'][number], { specName: true }>['name']

/** The SPEC.md §3 layer names of the given modules' declarations, in declaration order. */
export function monitorSpecLayerNames(modules: readonly MonitorModuleDecl[] = MONITOR_MODULES): string[] {
  return monitorLayers(modules)
    .filter((l) => l.specName)
    .map((l) => l.name)
}

/** The modules' MOD codes in menu order: what a monitoring application may ask for, what the demo's monitoring users hold. */
export function monitorPermissions(modules: readonly MonitorModuleDecl[] = MONITOR_MODULES): string[] {
  return modules.map((m) => m.permission)
}

/** The display key of the 应用服务 menu group: granted with any monitoring module (SPEC §2 menu building). */
export const MONITOR_MENU_KEY = 'MOD_055_DISPLAY'
