import { CloudScreen } from '../../features/cloud/components/cloud-screen'
import type { ScreenProps } from '../screen-props'

/** 云服务大图 (/cloud, public): the large screen, over the whole window. */
export default function CloudRoute(_props: ScreenProps) {
  return <CloudScreen />
}
