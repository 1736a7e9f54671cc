import type { ScreenProps } from '../screen-props'
import { MonitorModule } from './monitor-module'

/** 光伏用地监测 (pvland): the monitoring engine's one screen, drawn from the module's declaration. */
export default function PvlandScreen(_props: ScreenProps) {
  return <MonitorModule module="pvland" />
}
