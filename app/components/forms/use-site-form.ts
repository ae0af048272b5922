/**
 * Browser behaviour for a `<Form>` that already works without it. The checks are the
 * form's one schema, through the same Conform parse the submit paths use
 * (`parseContact` / `parseApplication`, loaded when the form is first used), and the
 * errors and values shown are Conform's submission result (`lastResult`), whether it came
 * from the server or from the browser. On top of that, only what a page needs:
 * - `noValidate` once hydrated (before that, native `required` still guards);
 * - on submit, every message at once and focus on the first invalid field; a field with
 *   a message is checked again as it changes, a chosen file at once;
 * - the schemas loading when the form is first used, and the time from then to sending
 *   (`fillMs`, a monotonic clock) written as it is sent;
 * - `busy` while this form's submission is under way (told apart by its intent), and
 *   `canSubmit` unless busy, or in the static build before hydration: there the page has
 *   no server to post to, so the button waits for the code that sends the form;
 * - the answer's result line, hidden while fresh browser errors show; on success the
 *   form is cleared and the keyboard stays on the submit button.
 *
 * Not Conform's `useForm`: it would put about 12 KB (brotli) on every form page, over
 * the JavaScript budget (decision 0008).
 */
import { type FormEvent, useEffect, useRef, useState } from "react";
import { useNavigation } from "react-router";
import { INTENT_FIELD } from "../../../common/limits.ts";
import {
  type FormModule,
  isFormModuleSettled,
  loadedFormModule,
  loadFormModule,
} from "../../forms/load-form-module.ts";
import { fixFieldsMessage } from "../../forms/messages.ts";
import type { FormReply, FormResult } from "../../forms/reply.ts";
import { IS_STATIC_BUILD } from "../../build-target.ts";
import { useHydrated } from "../../lib/use-hydrated.ts";

/** Everything a field's controls need: ids, name, messages and the value sent last time. */
export type FieldMeta = {
  id: string;
  name: string;
  errorId: string;
  descriptionId: string;
  errors: string[] | undefined;
  initialValue: unknown;
};

type Errors = Record<string, string[] | null>;
type Parse = (mod: FormModule, data: FormData) => { status?: string; error?: Errors | null };

function firstErrors(errors: Errors | null | undefined): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const [name, list] of Object.entries(errors ?? {})) if (name !== "" && list && list.length > 0) out[name] = list;
  return out;
}

export function useSiteForm<Schema extends Record<string, unknown>>(options: {
  id: string;
  intent: string;
  /** The action's answer (`actionData`). */
  reply: FormReply | undefined;
  /** The line to show on arrival: the answer to a post without JavaScript (post/redirect/get). */
  arrivedWith?: FormResult;
  parse: Parse;
}) {
  const { id, intent, reply, parse } = options;
  const hydrated = useHydrated();
  const formRef = useRef<HTMLFormElement>(null);
  const fillMsRef = useRef<HTMLInputElement>(null);
  // performance.now() at first use: a monotonic clock, whatever the visitor's clock says.
  const firstUsedAt = useRef<number | null>(null);
  // Bumped whenever new messages should take the focus to their first field.
  const [focusRequest, setFocusRequest] = useState(0);
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get(INTENT_FIELD) === intent;

  // A new answer replaces the browser's errors and shows its line (state adjusted during
  // render when the answer changes, not in an effect).
  const [shownReply, setShownReply] = useState(reply);
  const [browserErrors, setBrowserErrors] = useState<Record<string, string[]> | null>(null);
  const [hideResult, setHideResult] = useState(false);
  if (reply !== shownReply) {
    setShownReply(reply);
    setBrowserErrors(null);
    setHideResult(false);
    if (Object.keys(firstErrors(reply?.lastResult?.error)).length > 0) setFocusRequest((n) => n + 1);
  }
  const errors = browserErrors ?? firstErrors(reply?.lastResult?.error);
  const values = (reply?.lastResult?.initialValue ?? {}) as Record<string, unknown>;
  const result = hideResult ? undefined : reply ? reply.result : options.arrivedWith;

  // Move focus to the first field with a message, once it shows.
  useEffect(() => {
    if (focusRequest > 0) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [focusRequest]);

  // Success: clear the form (the phone picker follows the native reset).
  useEffect(() => {
    if (!reply?.result?.ok) return;
    formRef.current?.reset();
    if (fillMsRef.current) fillMsRef.current.value = "";
    firstUsedAt.current = null;
  }, [reply]);

  // The disabled button lost focus while sending: give it back, so the keyboard stays here.
  const wasBusy = useRef(false);
  useEffect(() => {
    if (busy) wasBusy.current = true;
    else if (wasBusy.current) {
      wasBusy.current = false;
      if (document.activeElement === document.body || document.activeElement === null) {
        formRef.current?.querySelector<HTMLElement>('[type="submit"]')?.focus();
      }
    }
  }, [busy]);

  function firstUse() {
    if (firstUsedAt.current !== null) return;
    firstUsedAt.current = performance.now();
    void loadFormModule();
  }

  function check(form: HTMLFormElement): Record<string, string[]> | null {
    const mod = loadedFormModule();
    return mod ? firstErrors(parse(mod, new FormData(form)).error) : null;
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    firstUse();
    // Written before React Router gathers the form's data (this handler runs first).
    if (fillMsRef.current) fillMsRef.current.value = String(Math.round(performance.now() - (firstUsedAt.current ?? 0)));
    const form = event.currentTarget;
    if (!isFormModuleSettled()) {
      // Rare: sent before the schemas arrived. Wait for them, then send again.
      event.preventDefault();
      void loadFormModule().finally(() => form.requestSubmit());
      return;
    }
    setHideResult(true);
    // Without the schemas (they failed to load) the submit path checks alone.
    const found = check(form) ?? {};
    setBrowserErrors(found);
    if (Object.keys(found).length > 0) {
      event.preventDefault();
      setFocusRequest((n) => n + 1);
    }
  }

  /** Re-checks the field that changed: one with a message as it is edited, a file at once. */
  function recheck(event: FormEvent<HTMLFormElement>) {
    const target = event.target as HTMLInputElement;
    const name = target.name;
    if (!name || (!errors[name] && target.type !== "file")) return;
    const form = event.currentTarget;
    void loadFormModule().then(() => {
      const found = check(form);
      if (!found) return;
      setBrowserErrors((current) => {
        const next = { ...(current ?? errors) };
        if (found[name]) next[name] = found[name];
        else delete next[name];
        return next;
      });
    });
  }

  const fields = new Proxy({} as Record<keyof Schema & string, FieldMeta>, {
    get(_, name: string): FieldMeta {
      const fieldId = `${id}-${name}`;
      return {
        id: fieldId,
        name,
        errorId: `${fieldId}-error`,
        descriptionId: `${fieldId}-hint`,
        errors: errors[name],
        initialValue: values[name],
      };
    },
  });

  const errorCount = Object.keys(errors).length;
  return {
    formId: id,
    fields,
    busy,
    canSubmit: !busy && (hydrated || !IS_STATIC_BUILD),
    result,
    fillMsRef,
    /** The summary line while fields need fixing, else null. */
    summary: errorCount > 0 ? fixFieldsMessage(errorCount) : null,
    formProps: {
      id,
      ref: formRef,
      noValidate: hydrated,
      onSubmit,
      onInput: recheck,
      onChange: (event: FormEvent<HTMLFormElement>) => {
        if ((event.target as HTMLInputElement).type === "file") recheck(event);
      },
      onFocus: firstUse,
      onPointerDown: firstUse,
    },
  };
}
