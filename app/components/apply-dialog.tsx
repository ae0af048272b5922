/**
 * 'Apply now' and the 'Apply' dialog. Once the page is interactive 'Apply now'
 * is a button that opens a modal dialog (95% wide on phones, 800 px on tablets, 1000 px
 * on desktops); before that, and without JavaScript, it is a link to the same form,
 * which the noscript stylesheet shows in the page.
 *
 * Closing the dialog in any way (Cancel, the cross, Escape) stops a CV upload under way
 * (static build), so nothing goes on unseen.
 */
import { type ComponentProps, type MouseEvent, useEffect, useRef } from "react";
import { cancelUpload } from "~/forms/static-submit/upload-progress";
import { keepFocusInDialog } from "~/lib/dialog-focus";
import { useHydrated } from "~/lib/use-hydrated";
import { ApplyForm } from "./forms/apply-form";
import { CloseIcon } from "./icons";

type FormProps = ComponentProps<typeof ApplyForm>;

interface ApplyDialogProps {
  job: { slug: string; title: string };
  privacyVersion: string;
  reply?: FormProps["reply"];
  arrivedWith?: FormProps["arrivedWith"];
  /**
   * Open the dialog: on arrival with the answer to an application sent without
   * JavaScript, or when an answer arrives (never for a cancelled one).
   */
  startOpen?: boolean;
}

export function ApplyDialog({ job, privacyVersion, reply, arrivedWith, startOpen = false }: ApplyDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  const hydrated = useHydrated();

  useEffect(() => {
    if (startOpen && !dialog.current?.open) dialog.current?.showModal();
  }, [startOpen]);

  const open = (event: MouseEvent<HTMLElement>) => {
    event.preventDefault();
    opener.current = event.currentTarget;
    dialog.current?.showModal();
  };
  const close = () => dialog.current?.close();

  return (
    <>
      {hydrated ? (
        <button type="button" className="button button--accent" aria-haspopup="dialog" onClick={open}>
          Apply now
        </button>
      ) : (
        <a href="#apply" className="button button--accent">
          Apply now
        </a>
      )}
      <dialog
        ref={dialog}
        id="apply"
        className="apply-dialog"
        aria-labelledby="apply-title"
        onKeyDown={keepFocusInDialog}
        onClose={() => {
          cancelUpload();
          opener.current?.focus();
        }}
      >
        <div className="apply-dialog__header">
          <div>
            <h2 id="apply-title">Apply</h2>
            <p className="apply-dialog__job">{job.title}</p>
          </div>
          <button type="button" className="apply-dialog__close" onClick={close}>
            <CloseIcon />
            <span className="visually-hidden">Close</span>
          </button>
        </div>
        {/* An explicit action: prerendered pages would otherwise post to ".../slug/". */}
        <ApplyForm
          job={job}
          privacyVersion={privacyVersion}
          action={`/careers/jobs/vlsi/${job.slug}`}
          onCancel={close}
          reply={reply}
          arrivedWith={arrivedWith}
        />
      </dialog>
    </>
  );
}
