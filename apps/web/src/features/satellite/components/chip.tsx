import type { ReactNode } from 'react'

/** Colours of a chip, named after antd's preset tag colours. */
export type ChipTone = 'blue' | 'purple' | 'volcano' | 'cyan' | 'geekblue' | 'success' | 'warning' | 'default'

/** A small label in the look of an antd tag (antd's Tag would add ~3 kB to every satellite page). */
export function Chip({
  tone = 'default',
  children,
  className,
  ...rest
}: {
  tone?: ChipTone
  children: ReactNode
  className?: string
  [data: `data-${string}`]: string
}) {
  return (
    <span className={`satellite-chip-tag satellite-chip-tag--${tone}${className ? ` ${className}` : ''}`} {...rest}>
      {children}
    </span>
  )
}

/** Grey bars that stand for content being loaded. */
export function Placeholder({ rows = 5 }: { rows?: number }) {
  return (
    <div className="satellite-placeholder" aria-busy="true">
      {Array.from({ length: rows }, (_, i) => `row-${i}`).map((key) => (
        <span key={key} className="satellite-placeholder__row" />
      ))}
    </div>
  )
}
