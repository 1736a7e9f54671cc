import { ARCHIVE_LIMITS } from '@rs/shared'
import { beforeEach, describe, expect, it } from 'vitest'
import { useResultStore } from './result-store'

const state = () => useResultStore.getState()

describe('result store', () => {
  beforeEach(() => {
    state().clear()
    state().setShowFootprints(true)
  })

  it('toggles a checked id and keeps the order of checking', () => {
    state().toggleChecked('b')
    state().toggleChecked('a')
    expect(state().checkedIds).toEqual(['b', 'a'])
    state().toggleChecked('b')
    expect(state().checkedIds).toEqual(['a'])
  })

  it('checks and unchecks a page at once without duplicates', () => {
    state().toggleChecked('x')
    state().setCheckedMany(['x', 'y', 'z'], true)
    expect(state().checkedIds).toEqual(['x', 'y', 'z'])
    state().setCheckedMany(['y', 'z'], false)
    expect(state().checkedIds).toEqual(['x'])
  })

  it('checks exactly the given ids (the fewest-scenes cover)', () => {
    state().setCheckedMany(['a', 'b'], true)
    state().checkOnly(['c', 'd', 'c'])
    expect(state().checkedIds).toEqual(['c', 'd'])
  })

  it(`never holds more than ${ARCHIVE_LIMITS.maxIds} ids`, () => {
    const many = Array.from({ length: ARCHIVE_LIMITS.maxIds + 5 }, (_, i) => `s${i}`)
    state().setCheckedMany(many, true)
    expect(state().checkedIds).toHaveLength(ARCHIVE_LIMITS.maxIds)
    state().toggleChecked('extra')
    expect(state().checkedIds).not.toContain('extra')
    state().checkOnly(many)
    expect(state().checkedIds).toHaveLength(ARCHIVE_LIMITS.maxIds)
  })

  it('holds the hovered and the opened scene, and clears them with the checks', () => {
    state().hover('a')
    state().activate('b')
    state().toggleChecked('c')
    expect(state()).toMatchObject({ hoveredId: 'a', activeId: 'b', checkedIds: ['c'] })
    state().clear()
    expect(state()).toMatchObject({ hoveredId: null, activeId: null, checkedIds: [] })
  })

  it('keeps the fall-figures switch across a clear', () => {
    state().setShowFootprints(false)
    state().clear()
    expect(state().showFootprints).toBe(false)
  })
})
