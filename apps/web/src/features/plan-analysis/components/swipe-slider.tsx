import { type KeyboardEvent, type PointerEvent, useRef } from 'react'
import { fractionAfterKey, fractionAtPointer } from '../map/swipe'
import './swipe-slider.css'

export interface SwipeSliderProps {
  /** Where the divider stands, 0 (left edge) to 1 (right edge). */
  fraction: number
  onChange: (fraction: number) => void
  /** The slider's name for assistive technology. */
  label: string
  /** What is drawn left and right of the divider (the two years). */
  leftLabel: string
  rightLabel: string
}

/**
 * The swipe's divider over the map (卷帘): dragged by its handle with a mouse or finger, moved with
 * the arrow, Page, Home and End keys when focused. Only the handle takes the pointer; the map under
 * the rest of the overlay stays usable.
 */
export function SwipeSlider({ fraction, onChange, label, leftLabel, rightLabel }: SwipeSliderProps) {
  const box = useRef<HTMLDivElement>(null)
  const percent = Math.round(fraction * 1000) / 10

  const follow = (event: PointerEvent<HTMLElement>) => {
    const rect = box.current?.getBoundingClientRect()
    if (rect) onChange(fractionAtPointer(event.clientX, rect.left, rect.width))
  }
  const handleKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const next = fractionAfterKey(fraction, event.key, event.shiftKey)
    if (next === null) return
    event.preventDefault()
    onChange(next)
  }

  return (
    <div ref={box} className="swipe-slider" data-testid="swipe-slider">
      <div className="swipe-slider__divider" style={{ left: `${percent}%` }}>
        <span className="swipe-slider__side swipe-slider__side--left" data-testid="swipe-left">
          ‹ {leftLabel}
        </span>
        <span className="swipe-slider__side swipe-slider__side--right" data-testid="swipe-right">
          {rightLabel} ›
        </span>
        <div
          className="swipe-slider__handle"
          role="slider"
          tabIndex={0}
          aria-label={label}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          aria-valuetext={`${percent}%`}
          data-testid="swipe-handle"
          onKeyDown={handleKeyDown}
          onPointerDown={(event) => {
            event.currentTarget.setPointerCapture?.(event.pointerId)
            event.currentTarget.focus()
            event.preventDefault()
          }}
          onPointerMove={(event) => {
            if (event.currentTarget.hasPointerCapture?.(event.pointerId)) follow(event)
          }}
          onPointerUp={(event) => event.currentTarget.releasePointerCapture?.(event.pointerId)}
        >
          <span aria-hidden>‹ ›</span>
        </div>
      </div>
    </div>
  )
}
