import { incrementVisit } from '@rs/shared/api-paths'
import { callApi } from '../../../lib/api-client'

/** POST one page visit (ALL, Login, Personal or a route name); failures go to the console only. */
export async function recordVisit(name: string, label = ''): Promise<void> {
  try {
    await callApi(incrementVisit, { body: { name, label } })
  } catch (error) {
    console.error(`page visit ${name} not counted`, error)
  }
}
