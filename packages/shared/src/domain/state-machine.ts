/**
 * One declaration per workflow (ENGINES "Workflows": orders, applications, spot verification, …):
 * its states, its transitions (state → event → next state) and who may send each event, with the
 * separation of duties — the parties of the item the actor must not be (nobody reviews what they
 * submitted or recorded). Pure: the server moves states and refuses by it, the web shows buttons by it.
 *
 * @example
 *   const machine = defineStateMachine({
 *     states: ['pending', 'approved', 'rejected'],
 *     transitions: { pending: { approve: 'approved', reject: 'rejected' }, approved: {}, rejected: {} },
 *     roles: {
 *       approve: { by: ['reviewer'], notBy: ['submitter'] },
 *       reject: { by: ['reviewer'], notBy: ['submitter'] },
 *     },
 *   })
 *   machine.next('pending', 'approve') // 'approved'
 *   machine.separationConflict('approve', 7, { submitter: 7 }) // 'submitter': refused
 */

/** Who may send an event: any one of the roles, and never one of the excluded parties of the item. */
export interface EventRule<Role extends string, Party extends string> {
  /** Roles allowed to send the event. */
  readonly by: readonly Role[]
  /** Separation of duties: parties of the item (its submitter, its recorder, …) the actor must not be. */
  readonly notBy?: readonly Party[]
}

/** An account's id, as the server and the answers carry it. */
export type ActorId = string | number

/**
 * The ids of an item's parties (e.g. `{ submitter: row.user_id }`): every party the machine names
 * must be given, so a caller cannot skip the check by leaving one out; null when it is not known.
 */
export type PartyIds<P extends string> = { readonly [K in P]: ActorId | null }

/** What defineStateMachine yields. */
export interface StateMachine<S extends string, E extends string, R extends string, P extends string> {
  readonly states: readonly S[]
  /** Every event, in the order of the declaration's roles. */
  readonly events: readonly E[]
  /** The state an event leads to, or null when the machine does not allow it. */
  next(state: S, event: E): S | null
  /** The events allowed in a state, in the order of its transitions. */
  eventsFrom(state: S): E[]
  /** A state nothing more happens from. */
  isFinal(state: S): boolean
  /** The roles that may send an event. */
  rolesOf(event: E): readonly R[]
  /** The roles that may send an event from a state: none when the transition does not exist. */
  rolesFor(state: S, event: E): readonly R[]
  /** The events allowed in a state that one of these roles may send. */
  eventsFor(state: S, roles: readonly R[]): E[]
  /** The parties of an item the actor of an event must not be (separation of duties); none for most events. */
  separatedFrom(event: E): readonly P[]
  /**
   * The party the actor is and the event's rule excludes (e.g. 'submitter' for the reviewer of
   * their own order), or null when the actor may send it as far as separation goes.
   */
  separationConflict(event: E, actor: ActorId, parties: PartyIds<P>): P | null
}

/** The state union of a machine. */
export type StateOf<M> = M extends StateMachine<infer S, string, string, string> ? S : never
/** The event union of a machine. */
export type EventOf<M> = M extends StateMachine<string, infer E, string, string> ? E : never
/** The role union of a machine. */
export type RoleOf<M> = M extends StateMachine<string, string, infer R, string> ? R : never
/** The party union of a machine (whom separation of duties names). */
export type PartyOf<M> = M extends StateMachine<string, string, string, infer P> ? P : never

const sameActor = (a: ActorId, b: ActorId) => String(a) === String(b)

/**
 * A workflow's state machine from its declaration; the state, event, role and party unions are
 * inferred from it (states from `states`, events from the keys of `roles`). Throws at definition
 * when a transition names an unknown state or event, so a bad declaration never reaches a request.
 */
export function defineStateMachine<
  const S extends string,
  const E extends string,
  const R extends string,
  const P extends string = never,
>(declaration: {
  /** Every state, in display order. */
  readonly states: readonly S[]
  /** For every state, the events it allows and the state each leads to (`{}` for a final state). */
  readonly transitions: { readonly [K in NoInfer<S>]: { readonly [X in NoInfer<E>]?: NoInfer<S> } }
  /** For every event, in the order the machine lists its events: who may send it. */
  readonly roles: { readonly [X in E]: EventRule<R, P> }
}): StateMachine<S, E, R, P> {
  const { states, transitions, roles } = declaration
  const events = Object.keys(roles) as E[]
  for (const state of states) {
    const from: Partial<Record<string, string>> | undefined = transitions[state]
    if (!from) throw new Error(`state machine: no transitions declared for state "${state}"`)
    for (const [event, to] of Object.entries(from)) {
      if (!events.includes(event as E)) throw new Error(`state machine: "${state}" —${event}→ names an event without roles`)
      if (!states.includes(to as S)) throw new Error(`state machine: "${state}" —${event}→ "${to}" is not a state`)
    }
  }
  for (const key of Object.keys(transitions))
    if (!states.includes(key as S)) throw new Error(`state machine: transitions of an unknown state "${key}"`)

  const table = transitions as Record<S, Partial<Record<E, S>>>
  const ruleOf = (event: E): EventRule<R, P> => roles[event]
  const next = (state: S, event: E): S | null => table[state]?.[event] ?? null
  const eventsFrom = (state: S): E[] => Object.keys(table[state] ?? {}) as E[]

  return {
    states,
    events,
    next,
    eventsFrom,
    isFinal: (state) => eventsFrom(state).length === 0,
    rolesOf: (event) => ruleOf(event)?.by ?? [],
    rolesFor: (state, event) => (next(state, event) === null ? [] : (ruleOf(event)?.by ?? [])),
    eventsFor: (state, held) => eventsFrom(state).filter((event) => ruleOf(event).by.some((role) => held.includes(role))),
    separatedFrom: (event) => ruleOf(event)?.notBy ?? [],
    separationConflict(event, actor, parties) {
      for (const party of ruleOf(event)?.notBy ?? []) {
        const id = parties[party]
        if (id !== null && id !== undefined && sameActor(id, actor)) return party
      }
      return null
    },
  }
}
