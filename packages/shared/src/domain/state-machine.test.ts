import { describe, expect, expectTypeOf, it } from 'vitest'
import { defineStateMachine, type EventOf, type PartyOf, type RoleOf, type StateOf } from './state-machine'

const review = defineStateMachine({
  states: ['draft', 'pending', 'approved', 'rejected'],
  transitions: {
    draft: { submit: 'pending' },
    pending: { approve: 'approved', reject: 'rejected', withdraw: 'draft' },
    approved: {},
    rejected: { submit: 'pending' },
  },
  roles: {
    submit: { by: ['author'] },
    approve: { by: ['reviewer', 'chief'], notBy: ['submitter'] },
    reject: { by: ['reviewer', 'chief'], notBy: ['submitter', 'author'] },
    withdraw: { by: ['author'] },
  },
})

describe('defineStateMachine', () => {
  it('infers the state, event, role and party unions from the declaration', () => {
    expectTypeOf<StateOf<typeof review>>().toEqualTypeOf<'draft' | 'pending' | 'approved' | 'rejected'>()
    expectTypeOf<EventOf<typeof review>>().toEqualTypeOf<'submit' | 'approve' | 'reject' | 'withdraw'>()
    expectTypeOf<RoleOf<typeof review>>().toEqualTypeOf<'author' | 'reviewer' | 'chief'>()
    expectTypeOf<PartyOf<typeof review>>().toEqualTypeOf<'submitter' | 'author'>()
    expect(review.states).toEqual(['draft', 'pending', 'approved', 'rejected'])
    expect(review.events).toEqual(['submit', 'approve', 'reject', 'withdraw'])
  })

  it('gives the next state of an allowed event and null otherwise', () => {
    expect(review.next('draft', 'submit')).toBe('pending')
    expect(review.next('pending', 'reject')).toBe('rejected')
    expect(review.next('rejected', 'submit')).toBe('pending')
    expect(review.next('draft', 'approve')).toBeNull()
    expect(review.next('approved', 'submit')).toBeNull()
  })

  it('lists the events of a state in declaration order, and a state without any is final', () => {
    expect(review.eventsFrom('pending')).toEqual(['approve', 'reject', 'withdraw'])
    expect(review.eventsFrom('approved')).toEqual([])
    expect(review.states.filter(review.isFinal)).toEqual(['approved'])
    for (const state of review.states)
      for (const event of review.events) expect(review.eventsFrom(state).includes(event)).toBe(review.next(state, event) !== null)
  })

  it('tells the roles of each event and of each transition, and which events a role may send now', () => {
    expect(review.rolesOf('approve')).toEqual(['reviewer', 'chief'])
    expect(review.rolesFor('pending', 'approve')).toEqual(['reviewer', 'chief'])
    expect(review.rolesFor('draft', 'approve')).toEqual([])
    expect(review.eventsFor('pending', ['reviewer'])).toEqual(['approve', 'reject'])
    expect(review.eventsFor('pending', ['author'])).toEqual(['withdraw'])
    expect(review.eventsFor('pending', [])).toEqual([])
    expect(review.eventsFor('approved', ['chief'])).toEqual([])
  })

  it('refuses the actor of a separated event who is one of the excluded parties', () => {
    expect(review.separatedFrom('approve')).toEqual(['submitter'])
    expect(review.separatedFrom('submit')).toEqual([])
    expect(review.separationConflict('approve', 7, { submitter: 7, author: 3 })).toBe('submitter')
    // ids from a row and from a session compare by value, number or text
    expect(review.separationConflict('approve', '7', { submitter: 7, author: 3 })).toBe('submitter')
    expect(review.separationConflict('reject', 3, { submitter: 7, author: 3 })).toBe('author')
    expect(review.separationConflict('approve', 3, { submitter: 7, author: 3 })).toBeNull()
    expect(review.separationConflict('approve', 8, { submitter: 7, author: 3 })).toBeNull()
    // an event without the rule, and a party not known
    expect(review.separationConflict('withdraw', 7, { submitter: 7, author: 7 })).toBeNull()
    expect(review.separationConflict('approve', 7, { submitter: null, author: null })).toBeNull()
  })

  it('refuses a declaration naming an unknown state or event when it is defined', () => {
    const loose = defineStateMachine as (d: unknown) => unknown
    expect(() => loose({ states: ['a', 'b'], transitions: { a: { go: 'c' }, b: {} }, roles: { go: { by: ['x'] } } })).toThrow(
      /"c" is not a state/,
    )
    expect(() => loose({ states: ['a', 'b'], transitions: { a: { jump: 'b' }, b: {} }, roles: { go: { by: ['x'] } } })).toThrow(
      /without roles/,
    )
    expect(() => loose({ states: ['a'], transitions: {}, roles: {} })).toThrow(/no transitions declared for state "a"/)
    expect(() => loose({ states: ['a'], transitions: { a: {}, z: {} }, roles: {} })).toThrow(/unknown state "z"/)
  })

  it('does not compile a transition to an undeclared state or with an undeclared event', () => {
    const toUnknownState = () =>
      defineStateMachine({
        states: ['a', 'b'],
        // @ts-expect-error 'c' is not one of the states
        transitions: { a: { go: 'c' }, b: {} },
        roles: { go: { by: ['x'] } },
      })
    const unknownEvent = () =>
      defineStateMachine({
        states: ['a', 'b'],
        // @ts-expect-error 'jump' has no roles declared
        transitions: { a: { jump: 'b' }, b: {} },
        roles: { go: { by: ['x'] } },
      })
    // @ts-expect-error the machine needs transitions for every state
    const missingState = () => defineStateMachine({ states: ['a', 'b'], transitions: { a: {} }, roles: {} })
    for (const define of [toUnknownState, unknownEvent, missingState]) expect(define).toThrow()
  })

  it('needs every party of the rule named when checking separation', () => {
    // @ts-expect-error 'author' is missing: leaving a party out cannot skip the check
    expect(review.separationConflict('approve', 7, { submitter: 7 })).toBe('submitter')
  })
})
