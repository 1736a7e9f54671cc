import type { ScreenProps } from '../screen-props'
import { MonitorModule } from './monitor-module'

/** 道路监测 (road): the monitoring engine's one screen, drawn from the module's declaration. */
export default function RoadScreen(_props: ScreenProps) {
  return <MonitorModule module="road" />
}
