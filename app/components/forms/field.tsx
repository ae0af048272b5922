/**
 * The pieces every form shares: a field wrapper that wires label, hint, error,
 * `aria-invalid` and `aria-describedby` once; a checkbox field; the hidden fields
 * (honeypot, start time, intent); the status lines under a form; and `useEnhancedForm`,
 * which adds the browser checks, focus on the first bad field, busy state and reset on
 * success to a React Router `<Form>` that already works without JavaScript.
 *
 * Errors always come in as props (from the browser checks or from the action's answer),
 * so a server-rendered page shows the action's field errors without any script.
 */
import {
  type FormEvent,
  type InputHTMLAttributes,
  type ReactNode,
  type Ref,
  type TextareaHTMLAttributes,
  useEffect,
  useId,
  useRef,
  useState,
} from "react";
import { useNavigation } from "react-router";
import { fixFieldsMessage, HONEYPOT_FIELD, INTENT_FIELD, STARTED_AT_FIELD } from "../../forms/rules.ts";
import { useHydrated } from "../../lib/use-hydrated.ts";
import "./forms.css";

export type FieldErrors = Partial<Record<string, string>>;
export type FormResult = { ok: boolean; message: string };

// ── Field ──────────────────────────────────────────────────────────────────────────

/** Joins the ids that exist into an `aria-describedby` value. */
export function describedBy(...ids: Array<string | false | null | undefined>): string | undefined {
  const list = ids.filter(Boolean).join(" ");
  return list === "" ? undefined : list;
}

type FieldCommon = {
  name: string;
  label: ReactNode;
  /** Shown under the control and read after the label. */
  hint?: ReactNode;
  /** The message to show; null, undefined or "" shows none. */
  error?: string | null;
  /** Adds "(optional)" to the label. */
  optional?: boolean;
  id?: string;
  /** Class of the wrapper (e.g. to span both columns). */
  className?: string;
};

export type InputFieldProps = FieldCommon & {
  as?: "input";
  ref?: Ref<HTMLInputElement>;
} & Omit<InputHTMLAttributes<HTMLInputElement>, "name" | "id" | "className" | "children">;

export type TextareaFieldProps = FieldCommon & {
  as: "textarea";
  ref?: Ref<HTMLTextAreaElement>;
} & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "name" | "id" | "className" | "children">;

export type FieldProps = InputFieldProps | TextareaFieldProps;

/** A label above the control, the optional marker, and the ids of hint and error. */
export function useFieldIds(id?: string) {
  const auto = useId();
  const controlId = id ?? `f${auto}`;
  return { controlId, hintId: `${controlId}-hint`, errorId: `${controlId}-error` };
}

export function FieldLabel({
  htmlFor,
  children,
  optional,
}: {
  htmlFor: string;
  children: ReactNode;
  optional?: boolean;
}) {
  return (
    <label className="form-label" htmlFor={htmlFor}>
      {children}
      {optional ? <span className="form-optional"> (optional)</span> : null}
    </label>
  );
}

/** Hint and error under a control; the error is plain text (the form's summary announces). */
export function FieldMessages({
  hintId,
  hint,
  errorId,
  error,
}: {
  hintId: string;
  hint?: ReactNode;
  errorId: string;
  error?: string | null;
}) {
  return (
    <>
      {hint ? (
        <p className="form-hint" id={hintId}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p className="form-error" id={errorId}>
          {error}
        </p>
      ) : null}
    </>
  );
}

/** An input (any type, file included) or a textarea with its label, hint and error. */
export function Field(props: FieldProps) {
  const { name, label, hint, error, optional, id, className, ...rest } = props;
  const { controlId, hintId, errorId } = useFieldIds(id);
  const aria = {
    id: controlId,
    name,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": describedBy(hint ? hintId : null, error ? errorId : null),
  } as const;
  let control: ReactNode;
  if (rest.as === "textarea") {
    const { as: _as, ...textarea } = rest;
    control = <textarea {...textarea} {...aria} className="form-control form-control--textarea" />;
  } else {
    const { as: _as, ...input } = rest;
    const kind = input.type === "file" ? "form-control form-control--file" : "form-control";
    control = <input {...input} {...aria} className={kind} />;
  }
  return (
    <div className={className ? `form-field ${className}` : "form-field"}>
      <FieldLabel htmlFor={controlId} optional={optional}>
        {label}
      </FieldLabel>
      {control}
      <FieldMessages hintId={hintId} hint={hint} errorId={errorId} error={error} />
    </div>
  );
}

export type CheckboxFieldProps = Omit<FieldCommon, "optional"> & {
  ref?: Ref<HTMLInputElement>;
} & Omit<InputHTMLAttributes<HTMLInputElement>, "name" | "id" | "className" | "children" | "type">;

/** A checkbox with its label beside it, and hint and error under both. */
export function CheckboxField(props: CheckboxFieldProps) {
  const { name, label, hint, error, id, className, ...input } = props;
  const { controlId, hintId, errorId } = useFieldIds(id);
  return (
    <div className={className ? `form-field form-check ${className}` : "form-field form-check"}>
      <div className="form-check__row">
        <input
          {...input}
          type="checkbox"
          id={controlId}
          name={name}
          className="form-check__box"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(hint ? hintId : null, error ? errorId : null)}
        />
        <label className="form-check__label" htmlFor={controlId}>
          {label}
        </label>
      </div>
      <FieldMessages hintId={hintId} hint={hint} errorId={errorId} error={error} />
    </div>
  );
}

/** A text field's value from FormData ("" when missing or a file). */
export function formText(data: FormData, key: string): string {
  const value = data.get(key);
  return typeof value === "string" ? value : "";
}

// ── Hidden fields ──────────────────────────────────────────────────────────────────

/**
 * The honeypot (people leave it empty, bots fill it in), the time of first use (set by
 * `useEnhancedForm`; empty without script) and which form this is.
 */
export function HiddenFields({ intent, startedAtRef }: { intent: string; startedAtRef: Ref<HTMLInputElement> }) {
  const { controlId } = useFieldIds();
  return (
    <>
      <div className="form-honeypot">
        <label htmlFor={controlId}>Leave this field empty</label>
        <input id={controlId} type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
      </div>
      {/* No value prop: React would put it back on every render. */}
      <input type="hidden" name={STARTED_AT_FIELD} ref={startedAtRef} />
      <input type="hidden" name={INTENT_FIELD} value={intent} />
    </>
  );
}

// ── Status lines under a form ──────────────────────────────────────────────────────

/**
 * Two live regions that are always in the page (so changes are announced): a status
 * for success and an alert for failure or fields to fix. Empty ones take no space.
 */
export function FormStatus({ success, failure }: { success?: ReactNode; failure?: ReactNode }) {
  return (
    <div className="form-status">
      <p role="status" className="form-result form-result--ok">
        {success}
      </p>
      <p role="alert" className="form-result form-result--error">
        {failure}
      </p>
    </div>
  );
}

// ── The behaviour ──────────────────────────────────────────────────────────────────

export type EnhancedFormOptions = {
  /** The form's INTENT value: tells this form's submission apart in `useNavigation()`. */
  intent: string;
  /** The action's answer. */
  result?: FormResult;
  /** The action's field errors. */
  errors?: FieldErrors;
  /** The browser checks: field name → message, for every field that fails. */
  validate: (form: HTMLFormElement) => FieldErrors;
  /** Started when the form is first used (focus or pointer), e.g. loading a module. */
  prepare?: () => unknown;
  /** False while something `validate` needs is still loading; submit then waits for `prepare`. */
  isReady?: () => boolean;
};

function countErrors(errors: FieldErrors | undefined): number {
  return errors ? Object.values(errors).filter(Boolean).length : 0;
}

/**
 * Browser behaviour for a `<Form>` that works without it:
 * - `noValidate` only once hydrated (before that, native `required` still guards);
 * - on submit, runs `validate`; on failure stops the submit, shows every message, the
 *   summary line, and focuses the first invalid field;
 * - a field with a message is checked again as it changes; a file input as soon as chosen;
 * - `startedAt` is set, and `prepare` called, when the form is first used;
 * - `busy` while this form's submission is under way (by its intent);
 * - when the answer arrives: server errors replace browser ones and the first invalid
 *   field gets focus; on success the form is reset.
 */
export function useEnhancedForm(options: EnhancedFormOptions) {
  const { intent, result, errors: serverErrors, validate, prepare, isReady } = options;
  const hydrated = useHydrated();
  const formRef = useRef<HTMLFormElement>(null);
  const startedAtRef = useRef<HTMLInputElement>(null);
  const used = useRef(false);
  const focusFirstInvalid = useRef(false);
  // null: show the action's errors; an object: the browser's latest verdict.
  const [clientErrors, setClientErrors] = useState<FieldErrors | null>(null);
  const [summaryCount, setSummaryCount] = useState(() => countErrors(serverErrors));
  const [showResult, setShowResult] = useState(true);

  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get(INTENT_FIELD) === intent;

  const errors = clientErrors ?? serverErrors ?? {};
  const errorCount = countErrors(errors);

  // After a render that shows new errors, move focus to the first invalid field.
  // (Declared before the effect below, so it runs after the render that effect causes.)
  useEffect(() => {
    if (!focusFirstInvalid.current) return;
    focusFirstInvalid.current = false;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  });

  // The answer arrived (this form was busy and is no longer).
  const wasBusy = useRef(false);
  useEffect(() => {
    if (busy) {
      wasBusy.current = true;
      return;
    }
    if (!wasBusy.current) return;
    wasBusy.current = false;
    setClientErrors(null);
    setShowResult(true);
    const count = countErrors(serverErrors);
    setSummaryCount(count);
    if (count > 0) focusFirstInvalid.current = true;
    const form = formRef.current;
    if (!form) return;
    // The disabled button lost focus while sending: give it back, so the keyboard stays here.
    if (count === 0 && (document.activeElement === document.body || document.activeElement === null)) {
      form.querySelector<HTMLElement>('[type="submit"]')?.focus();
    }
    if (result?.ok && count === 0) {
      form.reset();
      // The next message starts when the visitor next uses the form.
      if (startedAtRef.current) startedAtRef.current.value = "";
      used.current = false;
    }
  }, [busy, result, serverErrors]);

  function firstUse() {
    if (used.current) return;
    used.current = true;
    if (startedAtRef.current && startedAtRef.current.value === "") {
      startedAtRef.current.value = String(Date.now());
    }
    prepare?.();
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const form = event.currentTarget;
    firstUse();
    if (isReady && !isReady()) {
      // Rare: submitted before the checks' module arrived. Wait, then submit again.
      event.preventDefault();
      Promise.resolve(prepare?.()).finally(() => form.requestSubmit());
      return;
    }
    const found = validate(form);
    const count = countErrors(found);
    setShowResult(false);
    setClientErrors(found);
    setSummaryCount(count);
    if (count > 0) {
      event.preventDefault();
      focusFirstInvalid.current = true;
    }
  }

  function onChange(event: FormEvent<HTMLFormElement>) {
    const target = event.target as HTMLInputElement;
    const name = target.name;
    if (!name || (!errors[name] && target.type !== "file")) return;
    const message = validate(event.currentTarget)[name];
    if (message === errors[name]) return;
    setClientErrors({ ...errors, [name]: message });
  }

  /** Re-checks one field now (e.g. the phone number after its country changed). */
  function recheck(name: string) {
    const form = formRef.current;
    if (!form || !errors[name]) return;
    const message = validate(form)[name];
    if (message !== errors[name]) setClientErrors({ ...errors, [name]: message });
  }

  const formProps = {
    ref: formRef,
    noValidate: hydrated,
    onSubmit,
    onChange,
    onFocus: firstUse,
    onPointerDown: firstUse,
  };

  return {
    formProps,
    startedAtRef,
    errors,
    busy,
    hydrated,
    recheck,
    /** The summary line while fields need fixing, else null. */
    summary: errorCount > 0 && summaryCount > 0 ? fixFieldsMessage(summaryCount) : null,
    /** The action's answer, hidden while the browser checks are showing fresh errors. */
    result: showResult ? result : undefined,
  };
}
