import type { ScreenProps } from '../screen-props'
import { MonitorModule } from './monitor-module'

/** 风电监测 (windmill): the monitoring engine's one screen, drawn from the module's declaration. */
export default function WindmillScreen(_props: ScreenProps) {
  return <MonitorModule module="windmill" />
}
