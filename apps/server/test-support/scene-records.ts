import type { Kysely } from 'kysely'
import type { Database } from '../src/db/schema'
import { createSceneRecords } from '../src/modules/scenes/scene-query'

/**
 * The scenes module's port of scenes by id (registerScenes returns it; modules/index.ts hands it to
 * orders), for tests that build an orders service of their own beside the test server.
 */
export const sceneRecords = (db: Kysely<Database>) => createSceneRecords(db)
