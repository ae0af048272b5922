/**
 * The business-metric counter: from 0 to the target in steps of 1, one step
 * every 4000 ms / target, so every counter takes about four seconds.
 */
export const COUNT_UP_DURATION_MS = 4000;

export function tickInterval(target: number): number {
  return COUNT_UP_DURATION_MS / Math.max(1, target);
}

export function nextCount(current: number, target: number): number {
  return Math.min(current + 1, target);
}
