import type { ReactNode } from 'react'

/**
 * The region picker and region names come from the region feature; a route file hands them in,
 * since features do not import each other.
 */
export interface RegionSlots {
  renderPicker: (props: { value: string; onChange: (code: string) => void }) => ReactNode
  renderName: (code: string) => ReactNode
}
