/**
 * The contact form (spec §2 Contact, §5, §8). Posts to the current route's action (or
 * `action`) and works without JavaScript; with it, the browser checks every field first
 * and shows the same messages the action would.
 *
 * Fields sent: name, email, phoneCountry, phone, message, plus website (honeypot),
 * startedAt and intent=contact.
 */
import { Form, Link } from "react-router";
import { CONTACT_INTENT, checkEmail, checkMessage, checkName } from "../../forms/rules.ts";
import {
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

export type ContactField = "name" | "email" | "phone" | "message";

export type ContactFormProps = {
  /** The action's answer: shown under the form; on success the fields are cleared. */
  result?: FormResult | undefined;
  /** The action's field errors, shown on their fields (with or without JavaScript). */
  errors?: Partial<Record<ContactField, string>>;
  /** What the visitor sent, to fill the fields again after a failed submission without JS. */
  values?: Partial<Record<ContactField | "phoneCountry", string>>;
  /** Where to post; the current route by default. */
  action?: string;
  /** The privacy notice. */
  privacyHref?: string;
};

function validateContact(form: HTMLFormElement): FieldErrors {
  const data = new FormData(form);
  const forms = loadedFormsModule();
  if (forms) {
    // The same schema the action uses.
    const parsed = forms.contactSchema.safeParse(forms.textValues(data, forms.CONTACT_FIELDS));
    return parsed.success ? {} : forms.fieldErrors(parsed.error.issues);
  }
  // Before the schemas arrive (a field re-checked as it changes): the plain rules.
  return {
    name: checkName(formText(data, "name")) ?? undefined,
    email: checkEmail(formText(data, "email")) ?? undefined,
    phone: checkPhoneInBrowser(formText(data, "phone"), formText(data, "phoneCountry")) ?? undefined,
    message: checkMessage(formText(data, "message")) ?? undefined,
  };
}

export function ContactForm({
  result,
  errors: serverErrors,
  values,
  action,
  privacyHref = "/privacy",
}: ContactFormProps) {
  const form = useEnhancedForm({
    intent: CONTACT_INTENT,
    result,
    errors: serverErrors,
    validate: validateContact,
    prepare: loadPhoneModule,
    isReady: isPhoneCheckReady,
  });
  const { errors, busy } = form;
  const failure = [form.summary, form.result && !form.result.ok ? form.result.message : null].filter(Boolean).join(" ");

  return (
    <Form method="post" action={action} className="form" {...form.formProps}>
      <HiddenFields intent={CONTACT_INTENT} startedAtRef={form.startedAtRef} />
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
          className="form-span"
          defaultCountry={values?.phoneCountry}
          defaultValue={values?.phone}
          error={errors.phone}
          onCountryChange={() => form.recheck("phone")}
        />
        <Field
          as="textarea"
          name="message"
          label="Message"
          rows={6}
          required
          className="form-span"
          defaultValue={values?.message}
          error={errors.message}
        />
      </div>
      <p className="form-note">
        We use these details only to answer you. <Link to={privacyHref}>Privacy notice</Link>
      </p>
      <div className="form-actions">
        <button type="submit" className="form-button form-button--primary" disabled={busy}>
          {busy ? "Sending Message.." : "Send Message"}
        </button>
      </div>
      <FormStatus success={form.result?.ok ? form.result.message : null} failure={failure || null} />
    </Form>
  );
}
