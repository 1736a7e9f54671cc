import type { MessageKey, PartyIds, StateMachine } from '@rs/shared'
import { ApiError } from './errors'

/**
 * Separation of duties on the server, as a workflow's declaration states it (packages/shared
 * domain/state-machine.ts, `notBy`): 403 with the workflow's Chinese message when the actor of the
 * event is one of the item's excluded parties (the submitter of an order or an application, the
 * recorder of a field check). Called inside the transaction, after the item's row is locked and
 * before anything is written, so a refusal records nothing.
 */
export function requireSeparateActor<E extends string, P extends string>(
  machine: Pick<StateMachine<string, E, string, P>, 'separationConflict'>,
  event: NoInfer<E>,
  actorId: number,
  parties: PartyIds<NoInfer<P>>,
  message: MessageKey,
): void {
  if (machine.separationConflict(event, actorId, parties) !== null) throw ApiError.of(403, message)
}
