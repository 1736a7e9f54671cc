import type { MonitorModuleKey } from '@rs/shared'
import type { ScreenProps } from '../screen-props'
import { MonitorModule } from './monitor-module'

/** 应用服务 group (landcover, nonagricultural, plantingstructure): the monitoring engine's one screen for the route's module. */
export default function MonitorGroupScreen({ route }: ScreenProps) {
  return <MonitorModule module={route.name as MonitorModuleKey} />
}
