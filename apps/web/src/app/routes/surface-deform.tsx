import type { ScreenProps } from '../screen-props'
import { MonitorModule } from './monitor-module'

/** 地表形变监测 (surfaceDeform): the monitoring engine's one screen, drawn from the module's declaration. */
export default function SurfaceDeformScreen(_props: ScreenProps) {
  return <MonitorModule module="surfaceDeform" />
}
