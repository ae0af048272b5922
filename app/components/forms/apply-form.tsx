/**
 * The job application form (spec §2 Application modal, §5, §8; PRODUCT.md for the file
 * types, the optional comment and the consent). Multipart POST to the current route's
 * action (or `action`); works without JavaScript, and with it checks every field first,
 * the CV as soon as it is chosen.
 *
 * Fields sent: job, name, email, phoneCountry, phone, cv (file), comment, consent=yes,
 * plus website (honeypot), startedAt and intent=apply.
 *
 * The dialog around it (title 'Apply', the job's title, widths) is ApplyDialog's.
 */
import { Form, Link } from "react-router";
import {
  APPLY_FAILURE_PREFIX,
  APPLY_INTENT,
  APPLY_SUCCESS_PREFIX,
  CONSENT_REQUIRED,
  CV_ACCEPT,
  CV_HINT,
  checkComment,
  checkCvFile,
  checkEmail,
  checkName,
} from "../../forms/rules.ts";
import {
  CheckboxField,
  Field,
  type FieldErrors,
  type FormResult,
  FormStatus,
  formText,
  HiddenFields,
  useEnhancedForm,
} from "./field.tsx";
import {
  checkPhoneInBrowser,
  isPhoneCheckReady,
  loadedFormsModule,
  loadPhoneModule,
  PhoneField,
} from "./phone-field.tsx";

export type ApplyField = "name" | "email" | "phone" | "cv" | "comment" | "consent";

export type ApplyFormProps = {
  /** The opening applied for; its slug is sent as `job`. */
  job: { slug: string; title: string };
  /** Shows a Cancel button that calls it (e.g. to close the dialog). */
  onCancel?: () => void;
  /** The action's answer: shown under the form with 'Hurray! ' or 'Oops! '; on success the form is cleared. */
  result?: FormResult | undefined;
  /** The action's field errors, shown on their fields (with or without JavaScript). */
  errors?: Partial<Record<ApplyField, string>>;
  /** What the visitor sent, to fill the fields again after a failed submission without JS (a file cannot be). */
  values?: Partial<Record<"name" | "email" | "phone" | "phoneCountry" | "comment" | "consent", string>>;
  /** Where to post; the current route by default. */
  action?: string;
  /** The privacy notice, linked from the consent. */
  privacyHref?: string;
};

function validateApply(form: HTMLFormElement): FieldErrors {
  const data = new FormData(form);
  const cv = data.get("cv");
  const forms = loadedFormsModule();
  if (forms) {
    // The same schema the action uses.
    const values = { ...forms.textValues(data, forms.APPLICATION_FIELDS), cv: cv instanceof File ? cv : null };
    const parsed = forms.applicationSchema.safeParse(values);
    return parsed.success ? {} : forms.fieldErrors(parsed.error.issues);
  }
  // Before the schemas arrive (a field re-checked as it changes): the plain rules.
  return {
    name: checkName(formText(data, "name")) ?? undefined,
    email: checkEmail(formText(data, "email")) ?? undefined,
    phone: checkPhoneInBrowser(formText(data, "phone"), formText(data, "phoneCountry")) ?? undefined,
    cv: checkCvFile(cv instanceof File ? cv : null) ?? undefined,
    comment: checkComment(formText(data, "comment")) ?? undefined,
    consent: data.get("consent") === null ? CONSENT_REQUIRED : undefined,
  };
}

export function ApplyForm({
  job,
  onCancel,
  result,
  errors: serverErrors,
  values,
  action,
  privacyHref = "/privacy",
}: ApplyFormProps) {
  const form = useEnhancedForm({
    intent: APPLY_INTENT,
    result,
    errors: serverErrors,
    validate: validateApply,
    prepare: loadPhoneModule,
    isReady: isPhoneCheckReady,
  });
  const { errors, busy } = form;
  const failure = [
    form.summary,
    form.result && !form.result.ok ? `${APPLY_FAILURE_PREFIX}${form.result.message}` : null,
  ]
    .filter(Boolean)
    .join(" ");

  return (
    <Form method="post" encType="multipart/form-data" action={action} className="form" {...form.formProps}>
      <HiddenFields intent={APPLY_INTENT} startedAtRef={form.startedAtRef} />
      <input type="hidden" name="job" value={job.slug} />
      <div className="form-grid">
        <Field name="name" label="Name" autoComplete="name" required defaultValue={values?.name} error={errors.name} />
        <Field
          name="email"
          type="email"
          label="Email"
          autoComplete="email"
          autoCapitalize="off"
          spellCheck={false}
          required
          defaultValue={values?.email}
          error={errors.email}
        />
        <PhoneField
          defaultCountry={values?.phoneCountry}
          defaultValue={values?.phone}
          error={errors.phone}
          onCountryChange={() => form.recheck("phone")}
        />
        <Field name="cv" type="file" label="Upload CV" accept={CV_ACCEPT} required hint={CV_HINT} error={errors.cv} />
        <Field
          as="textarea"
          name="comment"
          label="Comment"
          optional
          rows={4}
          className="form-span"
          defaultValue={values?.comment}
          error={errors.comment}
        />
        <CheckboxField
          name="consent"
          value="yes"
          required
          defaultChecked={values?.consent === "yes"}
          className="form-span"
          error={errors.consent}
          label={
            <>
              I agree that Blueberry Semiconductors may keep my application and CV to consider me for openings, as the{" "}
              <Link to={privacyHref}>privacy notice</Link> describes.
            </>
          }
        />
      </div>
      <div className="form-actions">
        <button type="submit" className="form-button form-button--primary" disabled={busy}>
          {busy ? "Submitting" : "Submit"}
        </button>
        {onCancel ? (
          <button type="button" className="form-button form-button--secondary" onClick={onCancel}>
            Cancel
          </button>
        ) : null}
      </div>
      <FormStatus
        success={form.result?.ok ? `${APPLY_SUCCESS_PREFIX}${form.result.message}` : null}
        failure={failure || null}
      />
    </Form>
  );
}
