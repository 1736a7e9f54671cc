import type { ScreenProps } from '../screen-props'
import { MonitorModule } from './monitor-module'

/** 钢铁厂监测 (steelplant): the monitoring engine's one screen, drawn from the module's declaration. */
export default function SteelplantScreen(_props: ScreenProps) {
  return <MonitorModule module="steelplant" />
}
