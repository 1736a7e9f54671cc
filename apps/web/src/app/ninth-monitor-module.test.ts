import {
  applicableModules,
  buildMenu,
  buildRouteTree,
  defineMonitorModule,
  flattenRoutes,
  MONITOR_MODULES,
  mapLayerNames,
  menuKeysOf,
  STANDALONE_ROUTES,
} from '@rs/shared'
import { describe, expect, it } from 'vitest'
import { buildScreenRoutes, type RouteHandle } from './route-tree'
import { buildScreenGroups, monitorScreen, SCREEN_GROUPS } from './screen'

/** A module the portal does not have: only its declaration, as a ninth module would bring it. */
const glacier = defineMonitorModule({
  key: 'glacier',
  route: 'monitor/glacier',
  navKey: 'nav.glacier',
  screenGroup: 'glacier',
  titleKey: 'monitor.module.glacier',
  introKey: 'monitor.intro.glacier',
  permission: 'MOD_099',
  modes: ['statistics', 'detail'],
  geometry: 'polygon',
  measure: 'area',
  spotTypes: [{ value: 'retreat', labelKey: 'monitor.spotType.glacier.retreat', color: '#4575b4' }],
  attributes: [],
  palette: 'warm',
  gridLevel: 13,
  layers: [{ name: 'glacier_meta', kind: 'spots', specName: true }],
  gppd: false,
})
const NINE = [...MONITOR_MODULES, glacier]

describe('a ninth monitoring module is its declaration', () => {
  const tree = buildRouteTree(NINE)

  it('gets its menu entry under 应用服务, last, gated by its code and open to visitors', () => {
    const monitor = tree.find((n) => n.name === 'monitor')
    expect(monitor?.children?.map((c) => c.name)).toEqual([...MONITOR_MODULES.map((m) => m.key), 'glacier'])
    expect(monitor?.children?.at(-1)).toEqual({
      name: 'glacier',
      path: 'monitor/glacier',
      title: 'nav.glacier',
      group: 'glacier',
      displayKey: 'MOD_099_DISPLAY',
      authority: 'MOD_099',
      opensForVisitors: true,
    })
    expect(menuKeysOf('MOD_099', tree)).toEqual(['MOD_099_DISPLAY', 'MOD_055_DISPLAY'])
    const menu = buildMenu(tree, { isLoggedIn: true, permissions: ['MOD_055_DISPLAY', 'MOD_099_DISPLAY'] })
    expect(menu.find((m) => m.name === 'monitor')?.children?.map((c) => c.path)).toEqual(['monitor/glacier'])
  })

  it('gets a route whose handle names the module, served by the one monitor screen of its group', () => {
    const route = buildScreenRoutes([...tree, ...STANDALONE_ROUTES]).find((r) => r.path === 'monitor/glacier')
    expect((route?.handle as RouteHandle | undefined)?.node.name).toBe('glacier')
    const groups = buildScreenGroups(NINE)
    expect(groups.glacier).toBe(monitorScreen)
    for (const node of flattenRoutes([...tree, ...STANDALONE_ROUTES])) if (node.group) expect(groups[node.group], node.name).toBeDefined()
    // the portal's own table does not have it
    expect(SCREEN_GROUPS.glacier).toBeUndefined()
  })

  it('may be applied for and names its SPEC layer', () => {
    expect(applicableModules(NINE).monitor).toEqual({
      menuKey: 'MOD_055_DISPLAY',
      codes: [...MONITOR_MODULES.map((m) => m.permission), 'MOD_099'],
    })
    expect(mapLayerNames(NINE)).toEqual([...mapLayerNames(), 'glacier_meta'])
  })

  it('leaves the eight modules as they are: the same routes, groups and codes', () => {
    const eight = buildRouteTree().find((n) => n.name === 'monitor')?.children
    expect(eight?.map((c) => [c.path, c.group, c.authority])).toEqual([
      ['monitor/landcover', 'monitor', 'MOD_056'],
      ['monitor/surfaceDeform', 'surfaceDeform', 'MOD_076'],
      ['monitor/road', 'road', 'MOD_057'],
      ['monitor/nonagricultural', 'monitor', 'MOD_068'],
      ['monitor/plantingstructure', 'monitor', 'MOD_069'],
      ['monitor/pvland', 'pvland', 'MOD_058'],
      ['monitor/windmill', 'windmill', 'MOD_059'],
      ['monitor/steelplant', 'steelplant', 'MOD_060'],
    ])
    for (const group of ['monitor', 'surfaceDeform', 'road', 'pvland', 'windmill', 'steelplant'])
      expect(SCREEN_GROUPS[group], group).toBe(monitorScreen)
  })
})
