import { taskWithUserErrors } from '../../lib/workers/task'
import { checkDelivery } from './import.files'

/** Runs in a worker thread (lib/workers): reads the delivery and checks every feature, off the event loop. */
export const checkDeliveryTask = taskWithUserErrors(checkDelivery)

export const IMPORT_WORKER = new URL(import.meta.url).href
