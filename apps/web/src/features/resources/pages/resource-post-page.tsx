import type { TResource } from '@commons/contract';
import { Anchor, Badge, Button, Group, Modal, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { ErrorState } from '../../../components/error-state';
import { LoadingState } from '../../../components/loading-state';
import { ReportButton } from '../../../components/report-button';
import { RichTextView } from '../../../components/rich-text-editor';
import { ConfirmDeleteModal } from '../../../components/confirm-delete-modal';
import { usePageTitle } from '../../../components/use-page-title';
import { paths } from '../../../config/paths';
import { ContentHubContext } from '../../../lib/content-hub';
import { useResource } from '../api/get-resource';
import { useDeleteResource, useUpdateResource } from '../api/resource-mutations';
import { AttachmentList } from '../components/attachment-list';
import { LinkPreviewCard } from '../components/link-preview-card';
import { ResourceAuthor } from '../components/resource-author';
import { ResourceForm } from '../components/resource-form';
import { VideoEmbed } from '../components/video-embed';
import { RESOURCE_TYPE_LABELS, updateRequest, videoEmbedUrl, type TResourceDraft } from '../resource-rules';

function draftOf(resource: TResource): TResourceDraft {
  return {
    typeName: resource.typeName,
    title: resource.title,
    body: resource.body,
    url: resource.url ?? '',
    category: resource.category ?? '',
    location: resource.location ?? '',
    attachmentIds: resource.attachments.map((a) => a.id),
  };
}

/** Edit and delete, as the server's abilities say (author, spec 6 Posts admins, resources right). */
function ResourceActions(props: { resource: TResource; hubId?: string }) {
  const { resource } = props;
  const navigate = useNavigate();
  const update = useUpdateResource(resource.slug, props.hubId);
  const remove = useDeleteResource(props.hubId);
  const [isEditing, setIsEditing] = useState(false);
  const [isConfirming, setIsConfirming] = useState(false);
  if (!resource.can.edit && !resource.can.delete && !resource.can.report) return null;
  return (
    <Group gap="xs">
      {resource.can.edit ? (
        <Button
          size="compact-sm"
          variant="outline"
          onClick={() => {
            update.reset();
            setIsEditing(true);
          }}
        >
          Edit
        </Button>
      ) : null}
      {resource.can.report ? (
        <ReportButton targetKind="resource" targetId={resource.id} size="compact-sm" />
      ) : null}
      {resource.can.delete ? (
        <Button size="compact-sm" variant="outline" color="red.9" onClick={() => setIsConfirming(true)}>
          Delete
        </Button>
      ) : null}
      <Modal
        opened={isEditing}
        onClose={() => setIsEditing(false)}
        title={resource.isBusinessDirectory ? 'Edit listing' : 'Edit resource'}
        size="lg"
      >
        {isEditing ? (
          <ResourceForm
            initial={draftOf(resource)}
            initialFiles={resource.attachments}
            isListing={resource.isBusinessDirectory}
            categories={resource.category === null ? [] : [resource.category]}
            submitLabel="Save changes"
            isSaving={update.isPending}
            error={update.error}
            hubId={props.hubId}
            onCancel={() => setIsEditing(false)}
            onSubmit={(draft) =>
              update.mutate(updateRequest(draft), {
                onSuccess: () => {
                  setIsEditing(false);
                  notifications.show({ message: 'Your changes are saved.' });
                },
              })
            }
          />
        ) : null}
      </Modal>
      <ConfirmDeleteModal
        opened={isConfirming}
        title={resource.isBusinessDirectory ? 'Delete this listing?' : 'Delete this resource?'}
        isDeleting={remove.isPending}
        onClose={() => setIsConfirming(false)}
        onConfirm={() =>
          remove.mutate(resource.slug, {
            onSuccess: () => {
              setIsConfirming(false);
              notifications.show({
                message: resource.isBusinessDirectory
                  ? 'The listing was deleted.'
                  : 'The resource was deleted.',
              });
              void navigate(paths.resources(resource.isBusinessDirectory ? { view: 'directory' } : {}));
            },
          })
        }
      />
    </Group>
  );
}

/** The link of a link, video or listing: the player on an approved host, else the preview card, else the plain link. */
function ResourceLink(props: { resource: TResource }) {
  const { resource } = props;
  if (resource.url === null) return null;
  const embed = resource.typeName === 'video' ? videoEmbedUrl(resource.url) : null;
  if (embed !== null) return <VideoEmbed src={embed} title={resource.title} />;
  if (resource.preview !== null) return <LinkPreviewCard preview={resource.preview} />;
  return (
    <Text>
      <Anchor href={resource.url} target="_blank" rel="noopener noreferrer">
        {resource.isBusinessDirectory ? 'Visit the website' : 'Open the link'}
      </Anchor>{' '}
      <Text component="span" c="dimmed" size="sm">
        ({resource.url})
      </Text>
    </Text>
  );
}

/**
 * /resources/post/{slug} (spec 2 Resource post; /resources-v2/… is rewritten here): the post with its
 * sanitised rich text (an approved video frame in it plays), link preview or video, files downloaded
 * through signed links, report, and edit/delete for those the server allows. `?hubId=` names another hub.
 */
export function ResourcePostPage() {
  const { slug = '' } = useParams();
  const [searchParams] = useSearchParams();
  const hubId = searchParams.get('hubId') ?? undefined;
  const resource = useResource(slug, hubId);
  usePageTitle(resource.data?.title ?? 'Resource');
  if (resource.isPending) return <LoadingState label="Loading the resource…" />;
  if (resource.isError) return <ErrorState error={resource.error} onRetry={() => void resource.refetch()} />;
  const post = resource.data;
  return (
    <ContentHubContext.Provider value={hubId}>
      <Stack gap="lg" component="article" aria-labelledby="resource-title">
        <Anchor
          component={Link}
          to={paths.resources(post.isBusinessDirectory ? { view: 'directory' } : {})}
          size="sm"
        >
          {post.isBusinessDirectory ? '← Business directory' : '← All resources'}
        </Anchor>
        <Stack gap="xs">
          <Group gap="xs">
            <Badge color="indigo.9">
              {post.isBusinessDirectory ? 'Company listing' : RESOURCE_TYPE_LABELS[post.typeName]}
            </Badge>
            {post.category === null ? null : (
              <Badge variant="outline" color="gray.8" tt="none">
                {post.category}
              </Badge>
            )}
          </Group>
          <Title order={1} id="resource-title">
            {post.title}
          </Title>
          {post.location === null ? null : <Text>{post.location}</Text>}
          <ResourceAuthor author={post.author} createdAt={post.createdAt} />
          <ResourceActions resource={post} hubId={hubId} />
        </Stack>
        <ResourceLink resource={post} />
        {post.body === '' ? null : <RichTextView html={post.body} />}
        {post.attachments.length > 0 ? (
          <Stack gap="xs" component="section" aria-labelledby="resource-files-heading">
            <Title order={2} size="h3" id="resource-files-heading">
              Files
            </Title>
            <AttachmentList attachments={post.attachments} hubId={hubId} />
          </Stack>
        ) : null}
      </Stack>
    </ContentHubContext.Provider>
  );
}
