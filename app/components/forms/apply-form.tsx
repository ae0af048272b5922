/**
 * The job application form: name, e-mail, phone, CV (the types in limits.ts), an
 * optional comment and the privacy consent. A multipart post to the job's route that
 * works without JavaScript; with it, the application schema checks every field first,
 * the CV as soon as it is chosen.
 *
 * The dialog around it (title 'Apply', the job's title, widths) is ApplyDialog's.
 */
import { Form, Link } from "react-router";
import { site } from "../../content/site.ts";
import { APPLY_INTENT, CV_ACCEPT, JOB_TITLE_FIELD, PRIVACY_VERSION_FIELD } from "../../../common/limits.ts";
import { APPLY_FAILURE_PREFIX, APPLY_SUCCESS_PREFIX, CV_HINT } from "../../forms/application/messages.ts";
import type { ApplicationValues } from "../../forms/application/schema.ts";
import type { FormReply, FormResult } from "../../forms/reply.ts";
import { cancelUpload, useUploadProgress } from "../../forms/static-submit/upload-progress.ts";
import { CheckboxField, Field, FormStatus, HiddenFields, NameAndEmailFields, NoScriptAlternative } from "./field.tsx";
import { PhoneField } from "./phone-field.tsx";
import { useSiteForm } from "./use-site-form.ts";

type ApplyFormProps = {
  /** The opening applied for; its slug is sent as `job`, its title beside it. */
  job: { slug: string; title: string };
  /** The version of the privacy notice the consent refers to. */
  privacyVersion: string;
  /** Shows a Cancel button that calls it (e.g. to close the dialog). */
  onCancel?: () => void;
  /** The submit path's answer: field errors and values, and the line under the form. */
  reply?: FormReply;
  /** The line to show on arrival (after a post without JavaScript). */
  arrivedWith?: FormResult;
  /** Where to post. */
  action: string;
  /** The privacy notice, linked from the consent. */
  privacyHref?: string;
};

export function ApplyForm({
  job,
  privacyVersion,
  onCancel,
  reply,
  arrivedWith,
  action,
  privacyHref = "/privacy",
}: ApplyFormProps) {
  const { formId, fields, busy, canSubmit, result, summary, fillMsRef, formProps } = useSiteForm<ApplicationValues>({
    id: "apply-form",
    intent: APPLY_INTENT,
    reply,
    arrivedWith,
    parse: (mod, data) => mod.parseApplication(data),
  });
  // Static build: the CV's upload to storage, shown and cancellable.
  const upload = useUploadProgress();
  const failure = [summary, result && !result.ok ? `${APPLY_FAILURE_PREFIX}${result.message}` : null]
    .filter(Boolean)
    .join(" ");

  return (
    <>
      <NoScriptAlternative what="Applying" address={site.email.careers} />
      <Form method="post" encType="multipart/form-data" action={action} className="form" {...formProps}>
        <HiddenFields formId={formId} intent={APPLY_INTENT} fillMsRef={fillMsRef} />
        <input type="hidden" name={fields.job.name} value={job.slug} />
        <input type="hidden" name={JOB_TITLE_FIELD} value={job.title} />
        <input type="hidden" name={PRIVACY_VERSION_FIELD} value={privacyVersion} />
        <div className="form-grid">
          <NameAndEmailFields name={fields.name} email={fields.email} />
          <PhoneField meta={fields.phone} countryMeta={fields.phoneCountry} />
          <Field meta={fields.cv} type="file" label="Upload CV" accept={CV_ACCEPT} required hint={CV_HINT} />
          <Field meta={fields.comment} as="textarea" label="Comment" optional rows={4} className="form-span" />
          <CheckboxField
            meta={fields.consent}
            value="yes"
            required
            className="form-span"
            label={
              <>
                I agree that Blueberry Semiconductors may keep my application and CV to consider me for openings, as the{" "}
                <Link to={privacyHref}>privacy notice</Link> describes.
              </>
            }
          />
        </div>
        {upload ? <UploadBar sent={upload.sent} total={upload.total} /> : null}
        <div className="button-row">
          <button type="submit" className="button button--primary" disabled={!canSubmit}>
            {busy ? "Submitting" : "Submit"}
          </button>
          {onCancel ? (
            <button
              type="button"
              className="button button--secondary"
              onClick={() => {
                cancelUpload();
                onCancel();
              }}
            >
              Cancel
            </button>
          ) : null}
        </div>
        <FormStatus
          success={result?.ok ? `${APPLY_SUCCESS_PREFIX}${result.message}` : null}
          failure={failure || null}
          writeTo={result && !result.ok ? site.email.careers : null}
        />
      </Form>
    </>
  );
}

/** The CV's upload, as a labelled progress bar (static build). */
function UploadBar({ sent, total }: { sent: number; total: number }) {
  const percent = total > 0 ? Math.round((sent / total) * 100) : 0;
  return (
    <div className="form-upload">
      <label className="form-upload__label" htmlFor="apply-form-upload">
        Uploading your CV: {percent}%
      </label>
      <progress id="apply-form-upload" className="form-upload__bar" max={total} value={sent}>
        {percent}%
      </progress>
    </div>
  );
}
