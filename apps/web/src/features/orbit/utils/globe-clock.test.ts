import { describe, expect, it } from 'vitest'
import { clockStart, globeWindow } from './globe-clock'

const HOUR = 3_600_000
const window = { start: Date.parse('2026-06-14T00:00:00Z'), end: Date.parse('2026-06-17T00:00:00Z') }

describe('the 3D page clock', () => {
  it("starts at the window's start when now is before it", () => {
    expect(clockStart(window, window.start - 5 * HOUR)).toBe(window.start)
  })

  it('starts at now when now lies in the window, its ends included', () => {
    expect(clockStart(window, window.start + HOUR)).toBe(window.start + HOUR)
    expect(clockStart(window, window.start)).toBe(window.start)
    expect(clockStart(window, window.end)).toBe(window.end)
  })

  it("starts at the window's start when the window is over", () => {
    expect(clockStart(window, window.end + 1)).toBe(window.start)
  })

  it("is the prediction's window, else 12 hours back to 72 hours ahead of the hour", () => {
    expect(globeWindow({ start: '2026-06-14T08:00:00+08:00', end: '2026-06-17T00:00:00Z' }, 0)).toEqual(window)
    const now = Date.parse('2026-06-14T10:20:00Z')
    expect(globeWindow(undefined, now)).toEqual({ start: Date.parse('2026-06-13T22:00:00Z'), end: Date.parse('2026-06-17T10:00:00Z') })
  })
})
