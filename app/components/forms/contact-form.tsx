/**
 * The contact form. Posts to the contact route and works
 * without JavaScript; with it, the contact schema checks every field first and shows the
 * same messages the submit path would, and a brochure link's service fills in the message.
 */
import { useEffect } from "react";
import { Form, Link } from "react-router";
import { BROCHURE_QUERY, brochureMessage } from "../../../common/brochure-request.ts";
import { SERVICE_IDS, SERVICE_TITLES, type ServiceId } from "../../content/constants.ts";
import { CONTACT_INTENT } from "../../../common/limits.ts";
import type { ContactValues } from "../../forms/contact/schema.ts";
import type { FormReply, FormResult } from "../../forms/reply.ts";
import { site } from "../../content/site.ts";
import { Field, FormStatus, HiddenFields, NameAndEmailFields, NoScriptAlternative } from "./field.tsx";
import { PhoneField } from "./phone-field.tsx";
import { useSiteForm } from "./use-site-form.ts";

type ContactFormProps = {
  /** The submit path's answer: field errors and values, and the line under the form. */
  reply?: FormReply;
  /** The line to show on arrival (after a post without JavaScript). */
  arrivedWith?: FormResult;
  /** Where to post. */
  action: string;
  /** The privacy notice. */
  privacyHref?: string;
};

export function ContactForm({ reply, arrivedWith, action, privacyHref = "/privacy" }: ContactFormProps) {
  const { formId, fields, busy, canSubmit, result, summary, fillMsRef, formProps } = useSiteForm<ContactValues>({
    id: "contact-form",
    intent: CONTACT_INTENT,
    reply,
    arrivedWith,
    parse: (mod, data) => mod.parseContact(data),
  });
  const failure = [summary, result && !result.ok ? result.message : null].filter(Boolean).join(" ");

  // From a service page's brochure link: the message starts filled in, still the visitor's
  // to edit. Only in the browser: the prerendered page, and a visitor without JavaScript,
  // have the plain form.
  const messageId = fields.message.id;
  useEffect(() => {
    const asked = new URLSearchParams(window.location.search).get(BROCHURE_QUERY);
    const message = document.getElementById(messageId);
    if (!SERVICE_IDS.includes(asked as ServiceId) || !(message instanceof HTMLTextAreaElement) || message.value) return;
    message.value = brochureMessage(SERVICE_TITLES[asked as ServiceId]);
  }, [messageId]);

  return (
    <>
      <NoScriptAlternative what="Sending this form" address={site.email.info} />
      <Form method="post" action={action} className="form" {...formProps}>
        <HiddenFields formId={formId} intent={CONTACT_INTENT} fillMsRef={fillMsRef} />
        <div className="form-grid">
          <NameAndEmailFields name={fields.name} email={fields.email} />
          <PhoneField className="form-span" meta={fields.phone} countryMeta={fields.phoneCountry} />
          <Field meta={fields.message} as="textarea" label="Message" rows={6} required className="form-span" />
        </div>
        <p className="form-note">
          We use these details only to answer you. <Link to={privacyHref}>Privacy notice</Link>
        </p>
        <div className="button-row">
          <button type="submit" className="button button--primary" disabled={!canSubmit}>
            {busy ? "Sending Message.." : "Send Message"}
          </button>
        </div>
        <FormStatus
          success={result?.ok ? result.message : null}
          failure={failure || null}
          writeTo={result && !result.ok ? site.email.info : null}
        />
      </Form>
    </>
  );
}
