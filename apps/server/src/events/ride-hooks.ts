// The higher domains' part in ride writes (features/driving-lessons-record/driving-lessons-record.hooks.ts), in the
// order they run inside the write's transaction. The one place they are named.
import type { RideHooks } from '../features/driving-lessons-record/driving-lessons-record.hooks.ts';
import { extraRideHooks } from '../features/instalment/auto-charges.ts';

/** The list (a function: the hooks' modules import the ride domain, which imports this file). */
export const rideHooks = (): readonly RideHooks[] => [extraRideHooks];
