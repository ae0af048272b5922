/**
 * The pieces every form shares. Each field takes its metadata (`fields.name`), so
 * the name, ids, `aria-invalid`, `aria-describedby`, first value and message are wired
 * once, here, for every form; a server-rendered page shows the action's errors and the
 * values sent without any script.
 */
import type { InputHTMLAttributes, ReactNode, Ref, TextareaHTMLAttributes } from "react";
import { IS_STATIC_BUILD } from "../../build-target.ts";
import { FILL_MS_FIELD, HONEYPOT_FIELD, INTENT_FIELD, SENT_BY_SCRIPT_FIELD } from "../../../common/limits.ts";
import { useHydrated } from "../../lib/use-hydrated.ts";

import type { FieldMeta } from "./use-site-form.ts";

export type { FieldMeta };

/** Joins the ids that exist into an `aria-describedby` value. */
function describedBy(...ids: Array<string | false | null | undefined>): string | undefined {
  const list = ids.filter(Boolean).join(" ");
  return list === "" ? undefined : list;
}

/** The attributes every control of a field carries. */
export function controlProps(meta: FieldMeta, hasHint: boolean) {
  const error = meta.errors?.[0];
  return {
    id: meta.id,
    name: meta.name,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": describedBy(hasHint && meta.descriptionId, error && meta.errorId),
  } as const;
}

/** The value sent last time (after a failed post without JavaScript), for `defaultValue`. */
export function initialText(meta: FieldMeta): string | undefined {
  return typeof meta.initialValue === "string" ? meta.initialValue : undefined;
}

type FieldCommon = {
  meta: FieldMeta;
  label: ReactNode;
  /** Shown under the control and read after the label. */
  hint?: ReactNode;
  /** Adds "(optional)" to the label. */
  optional?: boolean;
  /** Class of the wrapper (e.g. to span both columns). */
  className?: string;
};

type Native<T> = Omit<T, "name" | "id" | "className" | "children" | "defaultValue">;

type FieldProps =
  | (FieldCommon & { as?: "input"; ref?: Ref<HTMLInputElement> } & Native<InputHTMLAttributes<HTMLInputElement>>)
  | (FieldCommon & { as: "textarea"; ref?: Ref<HTMLTextAreaElement> } & Native<
        TextareaHTMLAttributes<HTMLTextAreaElement>
      >);

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
export function FieldMessages({ meta, hint }: { meta: FieldMeta; hint?: ReactNode }) {
  const error = meta.errors?.[0];
  return (
    <>
      {hint ? (
        <p className="form-hint" id={meta.descriptionId}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p className="form-error" id={meta.errorId}>
          {error}
        </p>
      ) : null}
    </>
  );
}

/** An input (any type, file included) or a textarea with its label, hint and error. */
export function Field(props: FieldProps) {
  const { meta, label, hint, optional, className, ...rest } = props;
  const aria = controlProps(meta, Boolean(hint));
  // A file input cannot be given a value back.
  const value = "type" in rest && rest.type === "file" ? undefined : initialText(meta);
  let control: ReactNode;
  if (rest.as === "textarea") {
    const { as: _as, ...textarea } = rest;
    control = <textarea {...textarea} {...aria} defaultValue={value} className="form-control form-control--textarea" />;
  } else {
    const { as: _as, ...input } = rest;
    const kind = input.type === "file" ? "form-control form-control--file" : "form-control";
    control = <input {...input} {...aria} defaultValue={value} className={kind} />;
  }
  return (
    <div className={className ? `form-field ${className}` : "form-field"}>
      <FieldLabel htmlFor={meta.id} optional={optional}>
        {label}
      </FieldLabel>
      {control}
      <FieldMessages meta={meta} hint={hint} />
    </div>
  );
}

/** The name and e-mail boxes every form starts with, with the browser's autofill. */
export function NameAndEmailFields({ name, email }: { name: FieldMeta; email: FieldMeta }) {
  return (
    <>
      <Field meta={name} label="Name" autoComplete="name" required />
      <Field
        meta={email}
        type="email"
        label="Email"
        autoComplete="email"
        autoCapitalize="off"
        spellCheck={false}
        required
      />
    </>
  );
}

type CheckboxFieldProps = Omit<FieldCommon, "optional"> & {
  ref?: Ref<HTMLInputElement>;
} & Omit<Native<InputHTMLAttributes<HTMLInputElement>>, "type" | "defaultChecked">;

/** A checkbox with its label beside it, and hint and error under both. */
export function CheckboxField(props: CheckboxFieldProps) {
  const { meta, label, hint, className, value = "on", ...input } = props;
  return (
    <div className={className ? `form-field form-check ${className}` : "form-field form-check"}>
      <div className="form-check__row">
        <input
          {...input}
          {...controlProps(meta, Boolean(hint))}
          type="checkbox"
          value={value}
          defaultChecked={meta.initialValue === value}
          className="form-check__box"
        />
        <label className="form-check__label" htmlFor={meta.id}>
          {label}
        </label>
      </div>
      <FieldMessages meta={meta} hint={hint} />
    </div>
  );
}

/**
 * The honeypot (people leave it empty, bots fill it in), the time from first use to
 * sending (set by `useSiteForm`; empty without script) and which form this is.
 */
export function HiddenFields({
  formId,
  intent,
  fillMsRef,
}: {
  formId: string;
  intent: string;
  fillMsRef: Ref<HTMLInputElement>;
}) {
  const honeypotId = `${formId}-${HONEYPOT_FIELD}`;
  const hydrated = useHydrated();
  return (
    <>
      <div className="form-honeypot">
        <label htmlFor={honeypotId}>Leave this field empty</label>
        <input id={honeypotId} type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
      </div>
      {/* No value prop: React would put it back on every render. */}
      <input type="hidden" name={FILL_MS_FIELD} ref={fillMsRef} />
      <input type="hidden" name={INTENT_FIELD} value={intent} />
      {hydrated && <input type="hidden" name={SENT_BY_SCRIPT_FIELD} value="1" />}
    </>
  );
}

/**
 * Two live regions that are always in the page (so changes are announced): a status
 * for success and an alert for failure or fields to fix. Empty ones take no space.
 * After a failed send (not fields to fix) the alert also offers `writeTo`, so a visitor
 * is never stuck when a service is down or out of quota.
 */
export function FormStatus({
  success,
  failure,
  writeTo,
}: {
  success?: ReactNode;
  failure?: ReactNode;
  writeTo?: string | null;
}) {
  return (
    <div className="form-status">
      <p role="status" className="form-result form-result--ok">
        {success}
      </p>
      <p role="alert" className="form-result form-result--error">
        {failure}
        {failure && writeTo ? (
          <span className="form-result__alternative">
            {" "}
            You can also write to us at <a href={`mailto:${writeTo}`}>{writeTo}</a>.
          </span>
        ) : null}
      </p>
    </div>
  );
}

/**
 * Static build only: a visitor without JavaScript cannot send a form (there is no server
 * to post to), so the page says so and offers e-mail; noscript.css shows this and hides
 * the form that follows it. With JavaScript it stays hidden.
 */
export function NoScriptAlternative({ what, address }: { what: string; address: string }) {
  if (!IS_STATIC_BUILD) return null;
  return (
    <p className="form-noscript-alternative">
      {what} needs JavaScript on this site, which is off in your browser. Please write to us at{" "}
      <a href={`mailto:${address}`}>{address}</a> instead.
    </p>
  );
}
