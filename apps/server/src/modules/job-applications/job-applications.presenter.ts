/** Application records → the contract's shapes, with the viewer's view of spec 4 and their `can` flags. */
import type { TApplicationAbilities, TApplicationFile, TJobApplication } from '@commons/contract';
import {
  allowedApplicationActions,
  APPLICATION_STATE_LABELS,
  applicantProjectStatus,
  employerProjectStatus,
  PROJECT_STATUS_LABELS,
  USER_APPLICATION_ACTIONS,
  type TApplicationActor,
  type TApplicationState,
} from '@commons/domain';
import type { TRequestContext } from '../../plugins/request-context.js';
import { fullName } from '../notifications/thread-notifications.js';
import { currentState, viewerActors } from './job-applications.policy.js';
import {
  applicationFiles,
  conversationsWith,
  type TApplicationFileRow,
  type TApplicationRecord,
} from './job-applications.queries.js';

function presentFile(file: TApplicationFileRow | undefined): TApplicationFile | null {
  return file ? { id: file.id, name: file.name, mimeType: file.mimeType, sizeBytes: file.sizeBytes } : null;
}

/** The `can` flags of the viewer's roles in a state: the domain's table (ARCHITECTURE Policies and abilities). */
export function applicationAbilities(options: {
  record: Pick<TApplicationRecord, 'post'>;
  state: TApplicationState;
  actors: readonly TApplicationActor[];
}): TApplicationAbilities {
  const allowed = new Set(
    allowedApplicationActions({
      flow: options.record.post.jobFlow,
      state: options.state,
      actors: options.actors,
    }),
  );
  return Object.fromEntries(
    USER_APPLICATION_ACTIONS.map((action) => [action, allowed.has(action)]),
  ) as Record<(typeof USER_APPLICATION_ACTIONS)[number], boolean>;
}

/**
 * One application for a viewer: the applicant reads the applicant view of spec 4 (with submitForReview),
 * the owner and admins the employer view (submitForReview read as inProgress), in the label too.
 */
export function presentApplication(options: {
  record: TApplicationRecord;
  state: TApplicationState;
  actors: readonly TApplicationActor[];
  isApplicantViewer: boolean;
  files: ReadonlyMap<string, TApplicationFileRow>;
  threadId: string | null;
}): TJobApplication {
  const { record, state } = options;
  const { application, post, applicant } = record;
  const employerStatus = employerProjectStatus(state);
  const projectStatus = options.isApplicantViewer ? applicantProjectStatus(state) : employerStatus;
  const stateLabel =
    !options.isApplicantViewer && employerStatus !== null
      ? PROJECT_STATUS_LABELS[employerStatus]
      : APPLICATION_STATE_LABELS[state];
  return {
    id: application.id,
    post: {
      id: post.id,
      jobFlow: post.jobFlow,
      title: post.title,
      organisation: post.organisation,
      startDate: post.startDate,
      dueDate: post.dueDate,
      owner: {
        id: post.owner.id,
        identifier: post.owner.identifier,
        fullName: fullName(post.owner),
        photoUrl: post.owner.photoUrl,
      },
    },
    applicant: {
      id: applicant.id,
      identifier: applicant.identifier,
      fullName: fullName(applicant),
      photoUrl: applicant.photoUrl,
      headline: applicant.headline,
    },
    note: application.note,
    resume: presentFile(application.resumeFileId ? options.files.get(application.resumeFileId) : undefined),
    state,
    stateLabel,
    projectStatus,
    submission: application.submittedAt
      ? {
          text: application.submissionText,
          url: application.submissionUrl,
          file: presentFile(
            application.submissionFileId ? options.files.get(application.submissionFileId) : undefined,
          ),
          submittedAt: application.submittedAt.toISOString(),
        }
      : null,
    review:
      application.reviewOutcome && application.reviewedAt
        ? {
            outcome: application.reviewOutcome,
            note: application.reviewNote,
            reviewedAt: application.reviewedAt.toISOString(),
          }
        : null,
    threadId: options.threadId,
    createdAt: application.createdAt.toISOString(),
    statusChangedAt: application.statusChangedAt.toISOString(),
    can: applicationAbilities({ record, state, actors: options.actors }),
  };
}

/**
 * Applications as the viewer sees them: each with its state today, the viewer's roles and `can` flags, its
 * files and the viewer's conversation with the other side (the owner for the applicant, the applicant for
 * the owner and admins). Two reads for the whole list: the files, and the conversations.
 */
export async function presentApplicationsFor(
  ctx: TRequestContext,
  records: readonly TApplicationRecord[],
): Promise<TJobApplication[]> {
  const viewerId = ctx.requireViewer().user.id;
  const hub = ctx.requireHub();
  const fileIds = records.flatMap((r) =>
    [r.application.resumeFileId, r.application.submissionFileId].filter((id): id is string => id !== null),
  );
  const files = await applicationFiles(ctx.tx, fileIds);
  const otherOf = (r: TApplicationRecord): string =>
    r.application.applicantUserId === viewerId ? r.post.ownerUserId : r.application.applicantUserId;
  const conversations = await conversationsWith(ctx.tx, {
    hubId: hub.id,
    viewerId,
    otherUserIds: records.map(otherOf),
  });
  return records.map((record) => {
    const state = currentState(record, ctx.now);
    return presentApplication({
      record,
      state,
      actors: viewerActors(ctx, {
        applicantUserId: record.application.applicantUserId,
        ownerUserId: record.post.ownerUserId,
        state,
      }),
      isApplicantViewer: record.application.applicantUserId === viewerId,
      files,
      threadId: conversations.get(otherOf(record)) ?? null,
    });
  });
}
