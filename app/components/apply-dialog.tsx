/**
 * 'Apply now' and the 'Apply' dialog. Once the page is interactive 'Apply now'
 * is a button that opens a modal dialog (95% wide on phones, 800 px on tablets, 1000 px
 * on desktops); before that, and without JavaScript, it is a link to the same form,
 * which the noscript stylesheet shows in the page.
 *
 * A page may offer more than one way in (a job's 'Apply for this role' at the end of its
 * facts): ApplyDialogScope holds the one dialog, and each ApplyButton inside it opens it
 * and takes the focus back when it closes.
 *
 * Closing the dialog in any way (Cancel, the cross, Escape) stops a CV upload under way
 * (static build), so nothing goes on unseen.
 */
import {
  type ComponentProps,
  createContext,
  createRef,
  type MouseEvent,
  type ReactNode,
  type RefObject,
  use,
  useEffect,
  useState,
} from "react";
import { cancelUpload } from "~/forms/static-submit/upload-progress.ts";
import { keepFocusInDialog } from "~/lib/dialog-focus.ts";
import { useHydrated } from "~/lib/use-hydrated.ts";
import { ApplyForm } from "./forms/apply-form.tsx";
import { CloseIcon } from "./icons.tsx";

interface ApplyDialogRefs {
  dialogRef: RefObject<HTMLDialogElement | null>;
  /** The button that opened the dialog, focused again when it closes. */
  openerRef: RefObject<HTMLElement | null>;
}

const ApplyDialogContext = createContext<ApplyDialogRefs | null>(null);

function useApplyDialogRefs(): ApplyDialogRefs {
  const refs = use(ApplyDialogContext);
  if (!refs) throw new Error("ApplyDialog and ApplyButton belong inside an ApplyDialogScope.");
  return refs;
}

/** Around the part of the page whose buttons open its 'Apply' dialog. */
export function ApplyDialogScope({ children }: { children: ReactNode }) {
  const [refs] = useState<ApplyDialogRefs>(() => ({ dialogRef: createRef(), openerRef: createRef() }));
  return <ApplyDialogContext value={refs}>{children}</ApplyDialogContext>;
}

/** A way into the dialog: a button once the page is interactive, a link to #apply before. */
export function ApplyButton({ children, className }: { children: ReactNode; className: string }) {
  const { dialogRef, openerRef } = useApplyDialogRefs();
  const hydrated = useHydrated();
  const open = (event: MouseEvent<HTMLElement>) => {
    event.preventDefault();
    openerRef.current = event.currentTarget;
    dialogRef.current?.showModal();
  };
  return hydrated ? (
    <button type="button" className={className} aria-haspopup="dialog" onClick={open}>
      {children}
    </button>
  ) : (
    <a href="#apply" className={className}>
      {children}
    </a>
  );
}

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
  const { dialogRef, openerRef } = useApplyDialogRefs();

  useEffect(() => {
    if (startOpen && !dialogRef.current?.open) dialogRef.current?.showModal();
  }, [startOpen, dialogRef]);

  const close = () => dialogRef.current?.close();

  return (
    <>
      <ApplyButton className="button button--accent">Apply now</ApplyButton>
      <dialog
        ref={dialogRef}
        id="apply"
        className="apply-dialog"
        aria-labelledby="apply-title"
        onKeyDown={keepFocusInDialog}
        onClose={() => {
          cancelUpload();
          openerRef.current?.focus();
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
