/**
 * The CV upload under way in the static build, for the form to show (a progress bar) and
 * to stop (Cancel). The upload module reports into it; components read it with
 * `useUploadProgress()`.
 */
import { useSyncExternalStore } from "react";

type UploadProgress = { sent: number; total: number } | null;

let current: UploadProgress = null;
let cancelCurrent: (() => void) | null = null;
const listeners = new Set<() => void>();

function publish(next: UploadProgress) {
  current = next;
  for (const listener of listeners) listener();
}

/** For the upload: an upload of `total` bytes started; `cancel` stops it. */
export function uploadStarted(total: number, cancel: () => void): void {
  cancelCurrent = cancel;
  publish({ sent: 0, total });
}

export function uploadAdvanced(sent: number, total: number): void {
  publish({ sent, total });
}

export function uploadEnded(): void {
  cancelCurrent = null;
  publish(null);
}

/** Stops the upload under way, if any (Cancel in the dialog). */
export function cancelUpload(): void {
  cancelCurrent?.();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useUploadProgress(): UploadProgress {
  return useSyncExternalStore(
    subscribe,
    () => current,
    () => null,
  );
}
