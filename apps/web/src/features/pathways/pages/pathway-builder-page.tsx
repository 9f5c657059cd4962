import type { TAdminPathway } from '@commons/contract';
import { PATHWAY_LIMITS } from '@commons/domain';
import {
  Anchor,
  Button,
  Checkbox,
  Fieldset,
  Group,
  Paper,
  Radio,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { ConfirmDeleteModal } from '../../../components/confirm-delete-modal';
import { EmptyState } from '../../../components/empty-state';
import { ErrorAlert } from '../../../components/error-alert';
import { ErrorState } from '../../../components/error-state';
import { LoadingState } from '../../../components/loading-state';
import { UnsavedChangesGuard } from '../../../components/unsaved-changes-guard';
import { usePageTitle } from '../../../components/use-page-title';
import { paths } from '../../../config/paths';
import { isApiError } from '../../../lib/api-error';
import { focusFirstInvalidField } from '../../../lib/focus-first-invalid-field';
import { hubQueryOptions } from '../../../lib/hub-query';
import {
  useAdminPathway,
  useDeletePathway,
  useHubProfileQuestions,
  useHubPrograms,
  useSavePathway,
} from '../api/pathways-admin';
import {
  checkPathwayDraft,
  emptyPathwayDraft,
  emptySection,
  moved,
  pathwayDraftOf,
  type TPathwayDraft,
} from '../builder-values';
import { AdminHeading } from '../components/admin-heading';
import { AssignmentsEditor } from '../components/builder/assignments-editor';
import { SectionEditor } from '../components/builder/section-editor';
import { useCanManagePathways } from '../use-pathway-rights';

/** The form itself, for a new pathway (`saved` null) or a saved one. */
function BuilderForm(props: { hubIdentifier: string; saved: TAdminPathway | null }) {
  const { hubIdentifier, saved } = props;
  const navigate = useNavigate();
  const [snapshot, setSnapshot] = useState(() =>
    saved === null ? emptyPathwayDraft() : pathwayDraftOf(saved),
  );
  const [draft, setDraft] = useState<TPathwayDraft>(snapshot);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [isDeleting, setIsDeleting] = useState(false);
  const hub = useQuery({ ...hubQueryOptions(hubIdentifier), enabled: hubIdentifier !== '' });
  const programs = useHubPrograms(hubIdentifier);
  const questions = useHubProfileQuestions(hubIdentifier);
  const save = useSavePathway(hubIdentifier);
  const remove = useDeletePathway(hubIdentifier);
  const serverFields = isApiError(save.error) ? save.error.fields : {};
  const errorOf = (path: string): string | undefined => errors[path] ?? serverFields[path];
  const isDirty = JSON.stringify(draft) !== JSON.stringify(snapshot);
  const set = (patch: Partial<TPathwayDraft>) => setDraft((current) => ({ ...current, ...patch }));
  // Leaving after a save or removal waits for the render that clears the unsaved-changes guard.
  const [leaveTo, setLeaveTo] = useState<{ path: string; isReplace: boolean } | null>(null);
  useEffect(() => {
    if (leaveTo !== null) void navigate(leaveTo.path, { replace: leaveTo.isReplace });
  }, [leaveTo, navigate]);

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    save.reset();
    const checked = checkPathwayDraft(draft);
    if (checked.request === null) {
      setErrors(checked.errors);
      focusFirstInvalidField(form);
      return;
    }
    setErrors({});
    save.mutate(
      { id: saved?.id ?? null, body: checked.request },
      {
        onSuccess: (pathway) => {
          notifications.show({ color: 'green', message: `Pathway “${pathway.title}” saved.` });
          const next = pathwayDraftOf(pathway);
          setSnapshot(next);
          setDraft(next);
          if (saved === null)
            setLeaveTo({ path: paths.hub.siteAdminPathway(hubIdentifier, pathway.id), isReplace: true });
        },
        onError: () => focusFirstInvalidField(form),
      },
    );
  };

  return (
    <form onSubmit={handleSubmit} noValidate aria-label="Pathway">
      <Stack gap="lg">
        {saved === null ? null : (
          <Paper withBorder p="md" radius="md">
            <Stack gap={4}>
              <Text size="sm">
                Pathway ID:{' '}
                <Text span ff="monospace">
                  {saved.displayId}
                </Text>
              </Text>
              <Text size="sm" c="gray.7">
                {saved.stats.started} started · {saved.stats.completed} completed ·{' '}
                {saved.stats.pendingReviews} {saved.stats.pendingReviews === 1 ? 'step waits' : 'steps wait'}{' '}
                for review
              </Text>
              <Group gap="md">
                <Anchor component={Link} to={paths.hub.pathway(hubIdentifier, saved.slug)} size="sm">
                  Open as a member sees it
                </Anchor>
                {saved.copiedFrom === null ? null : (
                  <Text size="sm" c="gray.7">
                    Copied from the library: {saved.copiedFrom.title}
                  </Text>
                )}
              </Group>
            </Stack>
          </Paper>
        )}
        <Fieldset legend="About the pathway">
          <Stack gap="sm">
            <TextInput
              label="Title"
              required
              maxLength={PATHWAY_LIMITS.titleMaxLength}
              value={draft.title}
              onChange={(event) => set({ title: event.currentTarget.value })}
              error={errorOf('title')}
            />
            <TextInput
              label="Address (optional)"
              description="Lowercase letters, digits and hyphens; made from the title when empty."
              maxLength={PATHWAY_LIMITS.slugMaxLength}
              value={draft.slug}
              onChange={(event) => set({ slug: event.currentTarget.value })}
              error={errorOf('slug')}
            />
            <Textarea
              label="Description (optional)"
              autosize
              minRows={2}
              maxLength={2000}
              value={draft.description}
              onChange={(event) => set({ description: event.currentTarget.value })}
              error={errorOf('description')}
            />
            <TextInput
              label="Estimated completion time in days (optional)"
              inputMode="numeric"
              maw={320}
              value={draft.estimatedDays}
              onChange={(event) => set({ estimatedDays: event.currentTarget.value })}
              error={errorOf('form.settings.estimatedCompletionTime')}
            />
            <Radio.Group
              label="Status"
              value={draft.status}
              onChange={(status) => set({ status: status === 'published' ? 'published' : 'draft' })}
            >
              <Stack gap={6} mt={4}>
                <Radio value="draft" label="Draft: only pathway admins see it" />
                <Radio value="published" label="Published: members of the hub see it" />
              </Stack>
            </Radio.Group>
            <Checkbox
              label="Share in the pathway library"
              description="Admins of the other hubs of this community can copy it into their hub."
              checked={draft.isLibraryPathway}
              onChange={(event) => set({ isLibraryPathway: event.currentTarget.checked })}
            />
          </Stack>
        </Fieldset>

        <Stack gap="sm" component="section" aria-labelledby="builder-sections">
          <Title order={2} size="h3" id="builder-sections">
            Sections and steps
          </Title>
          {errorOf('form.sections') === undefined ? null : (
            <Text size="sm" c="red.9">
              {errorOf('form.sections')}
            </Text>
          )}
          {draft.sections.map((section, index) => (
            <SectionEditor
              key={section.key}
              section={section}
              index={index}
              count={draft.sections.length}
              questions={questions.data}
              errorOf={errorOf}
              onChange={(next) =>
                set({ sections: draft.sections.map((other) => (other.key === section.key ? next : other)) })
              }
              onMove={(by) => set({ sections: moved(draft.sections, index, by) })}
              onRemove={() => set({ sections: draft.sections.filter((other) => other.key !== section.key) })}
            />
          ))}
          <Group>
            <Button
              variant="outline"
              disabled={draft.sections.length >= PATHWAY_LIMITS.maxSections}
              onClick={() => set({ sections: [...draft.sections, emptySection()] })}
            >
              Add a section
            </Button>
          </Group>
        </Stack>

        <Stack gap="sm" component="section" aria-labelledby="builder-assignments">
          <Title order={2} size="h3" id="builder-assignments">
            Who it is for
          </Title>
          <Text size="sm" c="gray.7">
            Assigned members find it under Pathways with their deadline; everyone in the hub can take up a
            published pathway.
          </Text>
          <AssignmentsEditor
            draft={draft}
            userTypes={hub.data?.userTypes}
            programs={programs.data}
            isProgramsError={programs.isError}
            errorOf={errorOf}
            onChange={set}
          />
        </Stack>

        <div aria-live="assertive">
          {Object.keys(errors).length > 0 ? (
            <Text role="alert" c="red.9" size="sm">
              Please check the highlighted fields.
            </Text>
          ) : (
            <ErrorAlert error={save.error} title="The pathway was not saved" />
          )}
        </div>
        <ErrorAlert error={remove.error} title="The pathway was not removed" />
        <Group justify="space-between" gap="sm">
          <Group gap="sm">
            <Button type="submit" loading={save.isPending}>
              {saved === null ? 'Create pathway' : 'Save pathway'}
            </Button>
            <Button variant="default" component={Link} to={paths.hub.siteAdminPathways(hubIdentifier)}>
              {isDirty ? 'Cancel' : 'Back to pathways'}
            </Button>
          </Group>
          {saved?.can.delete === true ? (
            <Button variant="outline" color="red.9" onClick={() => setIsDeleting(true)}>
              Remove pathway
            </Button>
          ) : null}
        </Group>
      </Stack>
      <UnsavedChangesGuard isDirty={isDirty && !save.isPending} />
      {saved === null ? null : (
        <ConfirmDeleteModal
          opened={isDeleting}
          title={`Remove “${saved.title}”?`}
          isDeleting={remove.isPending}
          returnFocus={false}
          onClose={() => setIsDeleting(false)}
          onConfirm={() =>
            remove.mutate(saved.id, {
              onSuccess: () => {
                setSnapshot(draft);
                notifications.show({ color: 'green', message: `Pathway “${saved.title}” removed.` });
                setLeaveTo({ path: paths.hub.siteAdminPathways(hubIdentifier), isReplace: false });
              },
              onSettled: () => setIsDeleting(false),
            })
          }
        />
      )}
    </form>
  );
}

/**
 * {hubPath}/site-admin/pathways/new and /{pathwayId} (issue #20 item 1, right manage-pathways): the pathway as a
 * form: title, address, description, estimated days (spec 3 form.settings.estimatedCompletionTime), draft or
 * published, shared in the library (settings.isLibraryPathway), sections of steps of seven kinds, and assignment
 * to user types or programs with deadlines per role. Save sends the whole form.
 */
export function PathwayBuilderPage() {
  const { identifier = '', pathwayId } = useParams();
  const id = pathwayId ?? null;
  const canManage = useCanManagePathways(identifier);
  const saved = useAdminPathway(identifier, id);
  const title =
    id === null ? 'New pathway' : saved.data === undefined ? 'Edit pathway' : `Edit “${saved.data.title}”`;
  usePageTitle(id === null ? 'New pathway' : 'Edit pathway');
  let body;
  if (!canManage && id === null)
    body = (
      <EmptyState title="You cannot manage pathways here">
        Building pathways needs the “manage pathways” right in this hub.
      </EmptyState>
    );
  else if (id === null) body = <BuilderForm hubIdentifier={identifier} saved={null} />;
  else if (saved.isPending) body = <LoadingState label="Loading the pathway…" />;
  else if (saved.isError)
    body =
      isApiError(saved.error) && (saved.error.status === 404 || saved.error.status === 403) ? (
        <EmptyState title="This pathway was not found">
          It may have been removed, or managing it needs the “manage pathways” right in this hub.
        </EmptyState>
      ) : (
        <ErrorState error={saved.error} onRetry={() => void saved.refetch()} />
      );
  else body = <BuilderForm key={saved.data.id} hubIdentifier={identifier} saved={saved.data} />;
  return (
    <Stack gap="lg">
      <AdminHeading hubIdentifier={identifier} title={title} isPathwaysLinked />
      {body}
    </Stack>
  );
}
