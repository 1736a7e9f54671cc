import { MONITOR_MODULES, type MonitorModuleDecl } from '@rs/shared'
import type { ComponentType } from 'react'
import type { ScreenProps } from './screen-props'

type ScreenModule = { default: ComponentType<ScreenProps> }

/** The one screen of every monitoring module; it takes the module from its route. */
export const monitorScreen = () => import('./routes/monitor')

/**
 * One lazy import per screen group (RouteNode.group, SPEC.md §2): every screen of a group comes
 * from the same chunk. Each monitoring module's group (its declaration's screenGroup: monitor,
 * surfaceDeform, road…) loads the one monitor screen.
 */
export function buildScreenGroups(modules: readonly MonitorModuleDecl[] = MONITOR_MODULES): Record<string, () => Promise<ScreenModule>> {
  return {
    home: () => import('./routes/home'),
    chineseSatellite: () => import('./routes/chinese-satellite'),
    globalSatellite: () => import('./routes/global-satellite'),
    dynamicAnalysis: () => import('./routes/dynamic-analysis'),
    typicalImage: () => import('./routes/typical-image'),
    news: () => import('./routes/news'),
    normal: () => import('./routes/normal'),
    statices: () => import('./routes/statices'),
    OrbitalPredict: () => import('./routes/orbital-predict'),
    Orbit3d: () => import('./routes/orbit-3d'),
    OverallPlan: () => import('./routes/overall-plan'),
    MinistryProvince: () => import('./routes/ministry-province'),
    ProvinceMinistry: () => import('./routes/province-ministry'),
    ...Object.fromEntries(modules.map((m) => [m.screenGroup, monitorScreen])),
    register: () => import('./routes/register'),
    resetPassword: () => import('./routes/reset-password'),
    cloud: () => import('./routes/cloud'),
    personal: () => import('./routes/personal'),
    'error-page': () => import('./routes/error-page'),
    admin: () => import('./routes/admin'),
    feedback: () => import('./routes/feedback'),
  }
}

/** The screen table of the portal's route tree. */
export const SCREEN_GROUPS = buildScreenGroups()
