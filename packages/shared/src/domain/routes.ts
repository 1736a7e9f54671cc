import { MONITOR_MENU_KEY, MONITOR_MODULES, type MonitorModuleDecl } from './monitor/modules'
import { displayKey, PERMISSION } from './permissions'

/**
 * The portal's route tree of SPEC.md §2 with what the menu and the route guard need.
 * Paths are relative to the /chinese/ base. Titles are message keys (messages/zh-CN.ts, nav.*).
 */
export interface RouteNode {
  /** Stable name; also the page-visit statistics name. */
  name: string
  path: string
  /** Message key of the title. */
  title: string
  /** Shown in the menu to everyone. */
  alwaysShow?: boolean
  /** Shown in the menu to any logged-in user. */
  loginShow?: boolean
  /** Shown in the menu when the user's permissions contain this key (MOD_xxx_DISPLAY). */
  displayKey?: string
  /** Permission needed to open the screen (also checked by the server on its data). */
  authority?: string
  /** The screen needs a logged-in user. */
  requiresLogin?: boolean
  /**
   * The screen opens for anyone although it has an authority: it gates its own parts (the monitor
   * screens: statistics and trend for all, the other modes by switchMode with the queued login).
   * The authority still gives the menu and the server's checks.
   */
  opensForVisitors?: boolean
  /** Not a menu entry (still a route). */
  hidden?: boolean
  /** Lazy screen group the screen belongs to (SPEC.md §2). */
  group?: string
  /** Menu-only link to an external address, named by its configuration key. */
  externalLink?: 'orbit3d' | 'cityEye'
  children?: RouteNode[]
}

const gated = (code: string) => ({ displayKey: displayKey(code), authority: code })
/** A monitor module's screen: gated for its menu entry and detail data, open to visitors for its public modes. */
const gatedModes = (code: string) => ({ ...gated(code), opensForVisitors: true })
/** System administration has no display key of its own: holding MOD_001 shows the entries. */
const adminOnly = { displayKey: PERMISSION.systemAdmin, authority: PERMISSION.systemAdmin }

const CHINESE_SATELLITES: Array<[string, string]> = [
  ['zy102c', 'ZY-1 02C'],
  ['zy102d', 'ZY-1 02D'],
  ['cbers04a', 'CBERS-04A'],
  ['zy3', 'ZY-3'],
  ['gf1bcd', 'GF-1 B/C/D'],
  ['lsar', 'L-SAR'],
  ['csar', 'C-SAR'],
  ['gf1', 'GF-1'],
  ['gf2', 'GF-2'],
  ['gf3', 'GF-3'],
  ['gf4', 'GF-4'],
  ['gf5', 'GF-5'],
  ['gf6', 'GF-6'],
  ['gf7', 'GF-7'],
  ['multimode', 'multimode'],
  ['goumang', 'goumang'],
  ['th01', 'TH-01'],
  ['jl1', 'JL-1'],
  ['bj2', 'BJ-2'],
  ['sv1', 'SV-1'],
  ['zhuhai', 'zhuhai'],
]

/** Global satellites by group: optical, hyperspectral, radar, laser altimetry, gravity. */
export const GLOBAL_SATELLITE_GROUPS: Record<string, string[]> = {
  optical: ['landsat', 'rapideye', 'planetscope', 'skysat', 'geoeye', 'worldview', 'sentinel2', 'spot', 'pleiades', 'irs', 'kompsat'],
  hyperspectral: ['prisma', 'eo1', 'enmap'],
  radar: ['radarsat', 'sentinel1', 'cosmoskymed', 'terrasarx', 'alos2', 'kompsat5'],
  laser: ['icesat2'],
  gravity: ['gracefo'],
}

export const SATELLITE_ANALYSIS_PAGES = [
  'general-statistic',
  'country-analysis',
  'categories-statistic',
  'investment-pattern-analysis',
  'level-contrast',
  'development-plan',
] as const

/**
 * The menu entries of the monitoring modules (应用服务), one per declaration (domain/monitor/modules.ts),
 * in declaration order: the key names the route, the screen group loads the one monitor screen.
 */
export function monitorRoutes(modules: readonly MonitorModuleDecl[] = MONITOR_MODULES): RouteNode[] {
  return modules.map((m) => ({ name: m.key, path: m.route, title: m.navKey, group: m.screenGroup, ...gatedModes(m.permission) }))
}

/** The menu tree for the given monitoring modules; each entry is also a route. */
export function buildRouteTree(modules: readonly MonitorModuleDecl[] = MONITOR_MODULES): RouteNode[] {
  return [
    { name: 'Home', path: 'home', title: 'nav.home', alwaysShow: true, group: 'home' },
    {
      name: 'satellite',
      path: 'satellite',
      title: 'nav.satellite',
      alwaysShow: true,
      children: [
        {
          name: 'chineseSatellite',
          path: 'satellite/chinese',
          title: 'nav.chineseSatellite',
          alwaysShow: true,
          group: 'chineseSatellite',
          children: CHINESE_SATELLITES.map(([key]) => ({
            name: `chinese-${key}`,
            path: `satellite/chinese/${key}`,
            title: `satellite.chinese.${key}`,
            alwaysShow: true,
            hidden: true,
            group: 'chineseSatellite',
          })),
        },
        {
          name: 'globalSatellite',
          path: 'satellite/global',
          title: 'nav.globalSatellite',
          alwaysShow: true,
          group: 'globalSatellite',
          children: Object.values(GLOBAL_SATELLITE_GROUPS)
            .flat()
            .map((key) => ({
              name: `global-${key}`,
              path: `satellite/global/${key}`,
              title: `satellite.global.${key}`,
              alwaysShow: true,
              hidden: true,
              group: 'globalSatellite',
            })),
        },
        {
          name: 'dynamicAnalysis',
          path: 'satellite/analysis',
          title: 'nav.dynamicAnalysis',
          alwaysShow: true,
          group: 'dynamicAnalysis',
          children: SATELLITE_ANALYSIS_PAGES.map((key) => ({
            name: `analysis-${key}`,
            path: `satellite/analysis/${key}`,
            title: `satellite.analysis.${key}`,
            alwaysShow: true,
            hidden: true,
            group: 'dynamicAnalysis',
          })),
        },
        { name: 'typicalImage', path: 'satellite/image', title: 'nav.typicalImage', alwaysShow: true, group: 'typicalImage' },
        {
          name: 'satelliteNews',
          path: 'satellite/news',
          title: 'nav.satelliteNews',
          alwaysShow: true,
          group: 'news',
          children: [
            { name: 'newsArticle', path: 'satellite/news/:id', title: 'nav.newsArticle', alwaysShow: true, hidden: true, group: 'news' },
          ],
        },
      ],
    },
    { name: 'normal', path: 'normal', title: 'nav.normal', alwaysShow: true, group: 'normal' },
    {
      name: 'statistics',
      path: 'statistics',
      title: 'nav.statistics',
      alwaysShow: true,
      children: [
        { name: 'coverageStatics', path: 'statistics/coverage-statics', title: 'nav.coverageStatics', alwaysShow: true, group: 'statices' },
        { name: 'pushStatics', path: 'statistics/push', title: 'nav.pushStatics', alwaysShow: true, group: 'statices' },
      ],
    },
    {
      name: 'orbitalPredict',
      path: 'orbitalPredict',
      title: 'nav.orbitalPredict',
      alwaysShow: true,
      requiresLogin: true,
      group: 'OrbitalPredict',
      children: [
        {
          name: 'orbitalPredictMain',
          path: 'orbitalPredict',
          title: 'nav.orbitalPredict',
          alwaysShow: true,
          requiresLogin: true,
          group: 'OrbitalPredict',
        },
        // our own 3D page (issue 12) replaces the external 3D orbit link
        { name: 'orbit3d', path: 'orbit3d', title: 'nav.orbit3d', alwaysShow: true, requiresLogin: true, group: 'Orbit3d' },
      ],
    },
    {
      name: 'overallPlan',
      path: 'overallPlan',
      title: 'nav.overallPlan',
      displayKey: 'MOD_083_DISPLAY',
      children: [
        {
          name: 'regionPush',
          path: 'overallPlan/regionPush',
          title: 'nav.regionPush',
          group: 'OverallPlan',
          ...gated(PERMISSION.regionPush),
        },
        {
          name: 'provinceFeedback',
          path: 'overallPlan/provinceFeedback',
          title: 'nav.provinceFeedback',
          group: 'OverallPlan',
          ...gated(PERMISSION.provinceFeedback),
        },
        {
          name: 'overallAnalysis',
          path: 'overallPlan/overallAnalysis',
          title: 'nav.overallAnalysis',
          group: 'OverallPlan',
          ...gated(PERMISSION.overallAnalysis),
        },
        {
          name: 'cityEye',
          path: 'cityEye',
          title: 'nav.cityEye',
          externalLink: 'cityEye',
          displayKey: displayKey(PERMISSION.provinceFeedback),
        },
      ],
    },
    {
      name: 'ministryProvince',
      path: 'ministryProvince',
      title: 'nav.ministryProvince',
      displayKey: 'MOD_087_DISPLAY',
      children: [
        {
          name: 'planFill',
          path: 'ministryProvince/planFill',
          title: 'nav.planFill',
          group: 'MinistryProvince',
          ...gated(PERMISSION.planFill),
        },
        {
          name: 'planPublish',
          path: 'ministryProvince/planPublish',
          title: 'nav.planPublish',
          group: 'MinistryProvince',
          ...gated(PERMISSION.planPublish),
        },
        {
          name: 'provinceMinistry',
          path: 'ministryProvince/provinceMinistry',
          title: 'nav.provinceMinistry',
          group: 'ProvinceMinistry',
          ...gated(PERMISSION.provinceMinistry),
        },
      ],
    },
    {
      name: 'monitor',
      path: 'monitor',
      title: 'nav.monitor',
      displayKey: MONITOR_MENU_KEY,
      children: monitorRoutes(modules),
    },
    {
      // the portal's own: the administrator's screens, shown only to holders of MOD_001
      name: 'admin',
      path: 'admin',
      title: 'nav.admin',
      displayKey: PERMISSION.systemAdmin,
      children: [
        { name: 'adminUsers', path: 'admin/users', title: 'nav.adminUsers', group: 'admin', ...adminOnly },
        { name: 'adminAudit', path: 'admin/audit', title: 'nav.adminAudit', group: 'admin', ...adminOnly },
        { name: 'adminOutbox', path: 'admin/outbox', title: 'nav.adminOutbox', group: 'admin', ...adminOnly },
        { name: 'adminApply', path: 'admin/apply', title: 'nav.adminApply', group: 'admin', ...adminOnly },
        { name: 'adminFeedback', path: 'admin/feedback', title: 'nav.adminFeedback', group: 'admin', ...adminOnly },
        { name: 'adminPush', path: 'admin/push', title: 'nav.adminPush', group: 'admin', ...adminOnly },
      ],
    },
  ]
}

/** The menu tree of SPEC.md §2; each entry is also a route. */
export const ROUTE_TREE: RouteNode[] = buildRouteTree()

/** Routes outside the menu (SPEC.md §2). */
export const STANDALONE_ROUTES: RouteNode[] = [
  { name: 'register', path: 'register', title: 'nav.register', hidden: true, group: 'register' },
  { name: 'resetPassword', path: 'resetPassword', title: 'nav.resetPassword', hidden: true, group: 'resetPassword' },
  { name: 'cloud', path: 'cloud', title: 'nav.cloud', hidden: true, group: 'cloud' },
  // the portal's own: feedback from any visitor or user (SPEC §7 'feedback'), linked from the footer
  { name: 'feedback', path: 'feedback', title: 'nav.feedback', hidden: true, group: 'feedback' },
  {
    name: 'personalCenter',
    path: 'personal/personalCenter',
    title: 'nav.personalCenter',
    hidden: true,
    requiresLogin: true,
    group: 'personal',
    children: (['info', 'shopping', 'myOrder', 'myApply'] as const).map((key) => ({
      name: `personal-${key}`,
      path: `personal/personalCenter/${key}`,
      title: `nav.personal.${key}`,
      hidden: true,
      requiresLogin: true,
      group: 'personal',
    })),
  },
  { name: '401', path: '401', title: 'nav.error401', hidden: true, group: 'error-page' },
  { name: '403', path: '403', title: 'nav.error403', hidden: true, group: 'error-page' },
  { name: '404', path: '404', title: 'nav.error404', hidden: true, group: 'error-page' },
]

/** Every route node, depth first. */
export function flattenRoutes(nodes: readonly RouteNode[] = [...ROUTE_TREE, ...STANDALONE_ROUTES]): RouteNode[] {
  return nodes.flatMap((n) => [n, ...flattenRoutes(n.children ?? [])])
}

/** Names a page visit may be counted under (SPEC.md §7): ALL, Login, Personal and every route name. */
export const PAGE_VISIT_NAMES: ReadonlySet<string> = new Set(['ALL', 'Login', 'Personal', ...flattenRoutes().map((r) => r.name)])

/** Finds the route node for a path relative to the base ("monitor/road", "/monitor/road"). */
export function findRoute(path: string): RouteNode | undefined {
  const clean = path.replace(/^\/+|\/+$/g, '')
  return flattenRoutes().find((r) => !r.externalLink && r.path === clean)
}

/**
 * The menu display keys that go with a module permission: its own display key and its menu group's
 * (e.g. MOD_058 → MOD_058_DISPLAY, MOD_055_DISPLAY), so that granting the module also shows its
 * menu entry (SPEC §2 menu building). Empty for codes without a gated menu entry.
 */
export function menuKeysOf(code: string, tree: readonly RouteNode[] = ROUTE_TREE): string[] {
  for (const group of tree)
    for (const child of group.children ?? [])
      if (child.authority === code && child.displayKey && child.displayKey !== code)
        return [child.displayKey, ...(group.displayKey && group.displayKey !== code ? [group.displayKey] : [])]
  return []
}
