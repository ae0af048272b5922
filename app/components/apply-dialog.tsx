/**
 * 'Apply now' and the 'Apply' dialog (spec §2). With JavaScript the button opens a modal
 * dialog (95% wide on phones, 800 px on tablets, 1000 px on desktops); without it the
 * link jumps to the same form, which the noscript stylesheet shows in the page.
 */
import { type ComponentProps, type MouseEvent, useEffect, useRef } from "react";
import { keepFocusInDialog } from "~/lib/dialog-focus";
import { ApplyForm } from "./forms/apply-form";
import { CloseIcon } from "./icons";

type FormProps = ComponentProps<typeof ApplyForm>;

interface ApplyDialogProps {
  job: { slug: string; title: string };
  result?: FormProps["result"];
  errors?: FormProps["errors"];
  values?: FormProps["values"];
  /** Open on arrival: the answer to an application sent without JavaScript. */
  startOpen?: boolean;
}

export function ApplyDialog({ job, result, errors, values, startOpen = false }: ApplyDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLElement | null>(null);

  useEffect(() => {
    if (startOpen && !dialog.current?.open) dialog.current?.showModal();
  }, [startOpen]);

  const open = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    opener.current = event.currentTarget;
    dialog.current?.showModal();
  };
  const close = () => dialog.current?.close();

  return (
    <>
      {/* A real link to the in-page form without JavaScript; a dialog with it */}
      <a href="#apply" className="button button--accent" onClick={open}>
        Apply now
      </a>
      <dialog
        ref={dialog}
        id="apply"
        className="apply-dialog"
        aria-labelledby="apply-title"
        onKeyDown={keepFocusInDialog}
        onClose={() => opener.current?.focus()}
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
          action={`/careers/jobs/vlsi/${job.slug}`}
          onCancel={close}
          result={result}
          errors={errors}
          values={values}
        />
      </dialog>
    </>
  );
}
