import { taskWithUserErrors } from '../../lib/workers/task'
import { parseSceneList } from './scene-list'

/** The scenes' worker file (lib/workers); a drawn area is repaired by the area capability's worker. */
export const SCENES_WORKER = new URL(import.meta.url).href

/** Runs in a worker thread: reads an uploaded FILE list (text or Excel) within the pool's budget. */
export const parseList = taskWithUserErrors(parseSceneList)
