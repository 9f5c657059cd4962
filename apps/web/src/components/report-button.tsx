import type { TReportTargetKind } from '@commons/contract';
import { Button } from '@mantine/core';
import { lazy, Suspense, useState, type ComponentProps } from 'react';

/*
 * The report form (report-dialog.tsx: a modal with radios and a text area) loads when it is first opened, not with
 * every page that lists reportable content (issue #17: a feed of ten items mounted ten closed modals).
 */
const LoadedReportDialog = lazy(() =>
  import('./report-dialog').then((module) => ({ default: module.ReportDialog })),
);

/** The report form in a dialog, for a caller that opens it from its own button or menu item. */
export function ReportDialog(props: ComponentProps<typeof LoadedReportDialog>) {
  return (
    <Suspense fallback={null}>
      <LoadedReportDialog {...props} />
    </Suspense>
  );
}

/**
 * "Report" for any post, comment, message, profile or other content (issue #7 item 6): a reason from the
 * list, details required for "Something else", and the server's thanks once the moderators have it.
 */
export function ReportButton(props: {
  targetKind: TReportTargetKind;
  targetId: string;
  size?: 'compact-sm' | 'compact-xs';
}) {
  const [isOpen, setIsOpen] = useState(false);
  // Mounted from the first opening on, so closing keeps the modal's transition and focus return.
  const [wasOpened, setWasOpened] = useState(false);
  return (
    <>
      <Button
        size={props.size ?? 'compact-sm'}
        variant="subtle"
        onClick={() => {
          setWasOpened(true);
          setIsOpen(true);
        }}
      >
        Report
      </Button>
      {wasOpened ? (
        <ReportDialog
          targetKind={props.targetKind}
          targetId={props.targetId}
          isOpen={isOpen}
          onClose={() => setIsOpen(false)}
        />
      ) : null}
    </>
  );
}
