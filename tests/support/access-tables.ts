import { contexts } from '../../services/src/contexts';
import { recordAccessOf, routeAccessOf } from '../../services/src/platform/context';

/** The record access rows of every context, as the platform serves them. */
export const accessTable = recordAccessOf(contexts);

/** The route access rows of every context and the platform's own, as the server enforces them. */
export const routeAccessTable = routeAccessOf(contexts);
