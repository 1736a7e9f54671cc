/**
 * The events capability: the one door to the server's typed events. A module emits what happened
 * (`account.changed`, `tle.replaced`, `monitor.batchImported`, …) and the modules that react add
 * their listeners in their own registration, instead of closures threaded between them.
 */
export {
  createEventBus,
  type EventBus,
  type EventDecl,
  type EventLog,
  event,
  type Listener,
  type PayloadMap,
} from './bus'
export { createEvents, type Events, SERVER_EVENTS, type ServerEvents } from './events'
