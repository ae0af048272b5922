/**
 * The browser's way to the form schemas (`schemas.ts`, with zod and the phone metadata):
 * one chunk, loaded when a form is first used (focus or pointer), never with the page.
 * Components read it through `useFormModule()`; code outside React through
 * `loadedFormModule()`.
 */
import { useSyncExternalStore } from "react";

export type FormModule = typeof import("./schemas.ts");

let loaded: FormModule | null = null;
let status: "idle" | "loading" | "ready" | "failed" = "idle";
let pending: Promise<FormModule | null> | null = null;
const listeners = new Set<() => void>();

function setStatus(next: typeof status) {
  status = next;
  for (const listener of listeners) listener();
}

/** Starts loading the schemas (once); resolves to the module, or null if it failed. */
export function loadFormModule(): Promise<FormModule | null> {
  if (pending) return pending;
  status = "loading";
  pending = import("./schemas.ts").then(
    (mod) => {
      loaded = mod;
      setStatus("ready");
      return mod;
    },
    () => {
      // Offline, or a new deploy replaced the chunk: a later use tries again.
      pending = null;
      setStatus("failed");
      return null;
    },
  );
  return pending;
}

/** The loaded module, or null before it has arrived. */
export function loadedFormModule(): FormModule | null {
  return loaded;
}

/** True once loading has finished, either way (a failed load leaves the checks to the server). */
export function isFormModuleSettled(): boolean {
  return status === "ready" || status === "failed";
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The module once loaded, else null (always null in the server render). */
export function useFormModule(): FormModule | null {
  return useSyncExternalStore(
    subscribe,
    () => loaded,
    () => null,
  );
}
