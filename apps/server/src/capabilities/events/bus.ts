/** The log an event bus reports a failing listener to (Fastify's logger fits). */
export interface EventLog {
  error(obj: object, msg: string): void
}

/** One event's declaration: its payload type, and whether the emitter must learn that a listener failed. */
export interface EventDecl<Payload> {
  readonly mustSucceed: boolean
  /** Never set: carries the payload type only. */
  readonly payload?: Payload
}

/** Declares an event with its payload type; `mustSucceed` events throw a listener's error to the emitter. */
export function event<Payload>(options: { mustSucceed?: boolean } = {}): EventDecl<Payload> {
  return { mustSucceed: options.mustSucceed ?? false }
}

type Declarations = Record<string, EventDecl<unknown>>
/** The payload of each declared event, by its name. */
export type PayloadMap<D extends Declarations> = { [K in keyof D]: D[K] extends EventDecl<infer P> ? P : never }

export type Listener<P> = (payload: P) => void | Promise<void>

/** The typed bus modules emit on and listen to. */
export interface EventBus<M> {
  /** Adds a listener; the returned function removes it. */
  on<K extends keyof M & string>(name: K, listener: Listener<M[K]>): () => void
  /**
   * Runs every listener of the event in the order they were added, each awaited. A failing listener
   * is logged and the others still run; for an event declared `mustSucceed` the first error is then
   * thrown to the emitter, and emitting it with no listener at all is an error too.
   */
  emit<K extends keyof M & string>(name: K, payload: M[K]): Promise<void>
}

/**
 * An in-process bus over declared events. Listeners live in this process's memory: with several
 * server instances an event must reach the others too, through PostgreSQL LISTEN/NOTIFY
 * (ENGINES.md "Several instances"); emit and on keep their signatures when that comes.
 */
export function createEventBus<D extends Declarations>(declarations: D, log: EventLog): EventBus<PayloadMap<D>> {
  const listeners = new Map<string, Array<Listener<never>>>()
  return {
    on(name, listener) {
      const list = listeners.get(name) ?? []
      list.push(listener as Listener<never>)
      listeners.set(name, list)
      return () => {
        const at = list.indexOf(listener as Listener<never>)
        if (at >= 0) list.splice(at, 1)
      }
    },
    async emit(name, payload) {
      const mustSucceed = declarations[name]?.mustSucceed ?? false
      const list = [...(listeners.get(name) ?? [])] as Array<Listener<typeof payload>>
      if (mustSucceed && list.length === 0) throw new Error(`event ${name} must succeed but has no listener`)
      let failure: { error: unknown } | undefined
      for (const listener of list) {
        try {
          await listener(payload)
        } catch (error) {
          log.error({ err: error, event: name }, 'event listener failed')
          failure ??= { error }
        }
      }
      if (failure && mustSucceed) throw failure.error
    },
  }
}
