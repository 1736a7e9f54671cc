import type { ComponentType } from 'react'
import type { ScreenProps } from './screen-props'

type ScreenModule = { default: ComponentType<ScreenProps> }

/**
 * One lazy import per screen group (RouteNode.group, SPEC.md §2): every screen of a group comes
 * from the same chunk.
 */
export const SCREEN_GROUPS: Record<string, () => Promise<ScreenModule>> = {
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
  monitor: () => import('./routes/monitor'),
  surfaceDeform: () => import('./routes/surface-deform'),
  road: () => import('./routes/road'),
  pvland: () => import('./routes/pvland'),
  windmill: () => import('./routes/windmill'),
  steelplant: () => import('./routes/steelplant'),
  register: () => import('./routes/register'),
  resetPassword: () => import('./routes/reset-password'),
  cloud: () => import('./routes/cloud'),
  personal: () => import('./routes/personal'),
  'error-page': () => import('./routes/error-page'),
  admin: () => import('./routes/admin'),
  feedback: () => import('./routes/feedback'),
}
