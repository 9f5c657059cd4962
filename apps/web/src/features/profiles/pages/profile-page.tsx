import type { TProfile } from '@commons/contract';
import {
  careerPathExpertiseOptions,
  isProfilePhotoPresent,
  type TProfileHealthAttribute,
} from '@commons/domain';
import { Avatar, Badge, Button, Group, Image, Paper, Stack, Text, Title } from '@mantine/core';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { useLocation, useParams, useSearchParams } from 'react-router';
import { ContactActions } from '../../../components/contact-actions';
import { EmptyState } from '../../../components/empty-state';
import { ErrorState } from '../../../components/error-state';
import { LoadingState } from '../../../components/loading-state';
import { UnsavedChangesGuard } from '../../../components/unsaved-changes-guard';
import { usePageTitle } from '../../../components/use-page-title';
import { useViewerTimeZone } from '../../../lib/viewer-time';
import { useCareerPathTitles } from '../api/career-path-titles';
import { useProfile } from '../api/get-profile';
import { AdditionalInfoSectionEditor } from '../components/additional-info-section-editor';
import { AdditionalInfoView } from '../components/additional-info-view';
import { useSession } from '../../../lib/session';
import { AssessmentResultsSection } from '../components/assessment-results-section';
import { BadgesSection } from '../components/badges-section';
import { VideoAnswersSection } from '../components/video-answers-section';
import { CareerAdviceSectionEditor } from '../components/career-advice-section-editor';
import { CustomFieldsPart } from '../components/custom-fields-part';
import { CareerAdviceView } from '../components/career-advice-view';
import { DemographicInfoSectionEditor } from '../components/demographic-info-section-editor';
import { DemographicInfoView } from '../components/demographic-info-view';
import { FilesPanel } from '../components/files-panel';
import { HealthPanel } from '../components/health-panel';
import { PhotoUploader } from '../components/photo-uploader';
import { ProfileQuestionsSection } from '../components/profile-questions-section';
import { ProfileSection } from '../components/profile-section';
import { SchoolsList } from '../components/schools-list';
import { SchoolsSectionEditor } from '../components/schools-section-editor';
import { TextFieldsEditor } from '../components/text-fields-editor';
import { WorkHistoryList } from '../components/work-history-list';
import { WorkHistorySectionEditor } from '../components/work-history-section-editor';
import {
  BASIC_EDITOR_ID,
  CHECKLIST_EDITORS,
  CUSTOM_FIELDS_LOCATION,
  isEditableSection,
  type TEditableSection,
} from '../utils/profile-editors';
import { revealEditor, type TEditorLocation } from '../utils/reveal-editor';

/** The hub's own block of custom fields (the others are organisations', by id). */
const HUB_FIELDS_BLOCK = 'hub';

function initials(profile: TProfile): string {
  return `${profile.firstName.charAt(0)}${profile.lastName.charAt(0)}`.toUpperCase();
}

/** The jobPosts section loads with its own code: most profiles show no posts (issue #17's budget). */
const JobPostsSection = lazy(() =>
  import('../components/job-posts-section').then((module) => ({ default: module.JobPostsSection })),
);

/**
 * /profile/{userIdentifier} (spec 2 Profile sections): the sections the viewer may see; the owner
 * edits them in place, sees the profile health and uploads a photo and files. Leaving an editor
 * with unsaved changes asks first.
 */
export function ProfilePage() {
  const { userIdentifier = 'me' } = useParams();
  const [searchParams] = useSearchParams();
  const hubId = searchParams.get('hubId') ?? undefined;
  // The hub whose job board the jobPosts section lists: the one named, else the current one.
  const { currentHub } = useSession();
  const jobsHub = hubId ?? currentHub;
  const editParam = searchParams.get('edit');
  const profile = useProfile(userIdentifier, hubId);
  const [editing, setEditing] = useState<TEditableSection | null>(
    isEditableSection(editParam) ? editParam : null,
  );
  const [isDirty, setIsDirty] = useState(false);
  // Which block of custom fields is open while editing is 'customFields': the hub's, or an organisation's id.
  const [customFieldsBlock, setCustomFieldsBlock] = useState<string>(HUB_FIELDS_BLOCK);
  const careerPathTitles = useCareerPathTitles(editing === 'help');
  const now = useMemo(() => new Date(), []);
  const timeZone = useViewerTimeZone();
  const fullName =
    profile.data === undefined ? '' : `${profile.data.firstName} ${profile.data.lastName}`.trim();
  usePageTitle(fullName === '' ? 'Profile' : fullName);
  const { hash } = useLocation();
  const isLoaded = profile.data !== undefined;
  // Anchors such as #profile-career-journey (spec 2, the career_stories action item) once the sections exist.
  useEffect(() => {
    if (isLoaded && hash.length > 1)
      document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
  }, [isLoaded, hash]);
  // A checklist item opens its editor, then brings it into view with the cursor in it (issue #16 item 12).
  const [revealed, setRevealed] = useState<{ location: TEditorLocation; at: number } | null>(null);
  useEffect(() => {
    if (revealed !== null) revealEditor(revealed.location);
  }, [revealed]);

  if (profile.isPending) return <LoadingState label="Loading the profile…" />;
  if (profile.isError) {
    return (
      <Stack>
        <Title order={1}>Profile</Title>
        <ErrorState error={profile.error} onRetry={() => void profile.refetch()} />
      </Stack>
    );
  }

  const data = profile.data;
  const { sections } = data;
  const canEdit = data.can.edit;
  const closeEditor = () => setEditing(null);
  const editorProps = { onDone: closeEditor, onDirtyChange: setIsDirty };
  const sectionProps = (section: TEditableSection) => ({
    canEdit,
    isEditing: editing === section,
    onEdit: () => setEditing(section),
  });
  const canOpenFromChecklist = (attribute: TProfileHealthAttribute) => {
    const { section } = CHECKLIST_EDITORS[attribute];
    if (section === null || section === 'basic') return true;
    return section === 'profileQuestions'
      ? sections.profileQuestions !== undefined
      : sections[section] !== undefined;
  };
  const openFromChecklist = (attribute: TProfileHealthAttribute) => {
    // With hub fields, additionalInfo counts their answers (issue #22 item 1): their editor opens instead.
    if (attribute === 'additionalInfo' && (sections.customFields?.items.length ?? 0) > 0) {
      setCustomFieldsBlock(HUB_FIELDS_BLOCK);
      setEditing('customFields');
      setRevealed({ location: CUSTOM_FIELDS_LOCATION, at: Date.now() });
      return;
    }
    const { section, location } = CHECKLIST_EDITORS[attribute];
    if (section !== null) setEditing(section);
    setRevealed({ location, at: Date.now() });
  };
  const hasPhoto = isProfilePhotoPresent({ photoUrl: data.photoUrl });
  const hasAnySection = Object.values(sections).some((value) => value !== undefined);

  return (
    <Stack gap="lg">
      <UnsavedChangesGuard isDirty={isDirty && editing !== null} />
      <Paper withBorder p="lg" radius="md">
        <Group align="flex-start" gap="lg" wrap="wrap">
          {hasPhoto && data.photoUrl !== null ? (
            <Image src={data.photoUrl} alt={`Photo of ${fullName}`} w={128} h={128} radius="50%" />
          ) : (
            <Avatar size={128} radius="50%" color="indigo" aria-hidden="true">
              {initials(data)}
            </Avatar>
          )}
          <Stack gap={4} style={{ flex: 1, minWidth: 240 }}>
            <Title order={1}>{fullName}</Title>
            {data.headline === null ? null : <Text size="lg">{data.headline}</Text>}
            {data.userType === null ? null : (
              <Group>
                <Badge variant="light">{data.userType.title}</Badge>
              </Group>
            )}
            {canEdit && editing === 'basic' ? (
              <TextFieldsEditor
                {...editorProps}
                id={BASIC_EDITOR_ID}
                fields={[
                  { name: 'firstName', label: 'First name', isRequired: true },
                  { name: 'lastName', label: 'Last name', isRequired: true },
                  {
                    name: 'headline',
                    label: 'Headline',
                    description: 'For example: Biology student, class of 2027',
                  },
                ]}
                initialValues={{
                  firstName: data.firstName,
                  lastName: data.lastName,
                  headline: data.headline ?? '',
                }}
              />
            ) : null}
            {canEdit && editing !== 'basic' ? (
              <Group mt="sm">
                <Button variant="light" onClick={() => setEditing('basic')}>
                  Edit name and headline
                </Button>
              </Group>
            ) : null}
            {canEdit ? null : (
              <Stack mt="sm">
                <ContactActions
                  person={{ id: data.id, fullName }}
                  scope={hubId === undefined ? {} : { hubId }}
                />
              </Stack>
            )}
          </Stack>
          {canEdit ? <PhotoUploader /> : null}
        </Group>
      </Paper>

      {canEdit && sections.health !== undefined ? (
        <HealthPanel health={sections.health} canOpen={canOpenFromChecklist} onOpen={openFromChecklist} />
      ) : null}

      {!hasAnySection ? (
        <EmptyState title="Nothing to show yet">This profile has no details you can see.</EmptyState>
      ) : null}

      {sections.about === undefined ? null : (
        <ProfileSection id="about" title="About" {...sectionProps('about')}>
          {editing === 'about' ? (
            <TextFieldsEditor
              {...editorProps}
              fields={[
                { name: 'about', label: 'About', isMultiline: true },
                {
                  name: 'location',
                  label: 'Location',
                  description: 'City and country, for example: Seattle, USA',
                },
              ]}
              initialValues={{ about: sections.about.about ?? '', location: sections.about.location ?? '' }}
            />
          ) : (
            <Stack gap="xs">
              <Text
                style={{ whiteSpace: 'pre-wrap' }}
                c={sections.about.about === null ? 'dimmed' : undefined}
              >
                {sections.about.about ?? 'Nothing written yet.'}
              </Text>
              {sections.about.location === null ? null : (
                <Text c="dimmed">Location: {sections.about.location}</Text>
              )}
            </Stack>
          )}
        </ProfileSection>
      )}

      {sections.workHistory === undefined ? null : (
        <ProfileSection id="work-history" title="Work history" {...sectionProps('workHistory')}>
          {editing === 'workHistory' ? (
            <WorkHistorySectionEditor
              {...editorProps}
              items={sections.workHistory}
              now={now}
              timeZone={timeZone}
            />
          ) : (
            <WorkHistoryList items={sections.workHistory} now={now} timeZone={timeZone} />
          )}
        </ProfileSection>
      )}

      {sections.schools === undefined ? null : (
        <ProfileSection id="schools" title="Education" {...sectionProps('schools')}>
          {editing === 'schools' ? (
            <SchoolsSectionEditor {...editorProps} items={sections.schools} now={now} timeZone={timeZone} />
          ) : (
            <SchoolsList items={sections.schools} />
          )}
        </ProfileSection>
      )}

      {sections.help === undefined ? null : (
        <ProfileSection id="help" title="How I can help" {...sectionProps('help')}>
          {editing === 'help' ? (
            <TextFieldsEditor
              {...editorProps}
              fields={[
                {
                  name: 'helpTopics',
                  label: 'Help topics',
                  isList: true,
                  description: 'Separate topics with commas.',
                },
                {
                  name: 'careerPathExpertise',
                  label: 'Career path expertise',
                  isList: true,
                  // Chosen from the career paths catalogue; values the profile already holds stay (issue #20).
                  options: careerPathExpertiseOptions({
                    catalogueTitles: careerPathTitles.data ?? [],
                    current: sections.help.careerPathExpertise,
                  }),
                  description: 'The career paths you can tell students about.',
                },
              ]}
              initialValues={{
                helpTopics: sections.help.helpTopics.join(', '),
                careerPathExpertise: JSON.stringify(sections.help.careerPathExpertise),
              }}
            />
          ) : (
            <Stack gap="xs">
              <TagLine label="Help topics" values={sections.help.helpTopics} />
              <TagLine label="Career path expertise" values={sections.help.careerPathExpertise} />
            </Stack>
          )}
        </ProfileSection>
      )}

      {sections.careerAdvice === undefined ||
      (!canEdit && sections.careerAdvice.prompts.length === 0) ? null : (
        <ProfileSection id="career-journey" title="Career advice" {...sectionProps('careerAdvice')}>
          {editing === 'careerAdvice' ? (
            <CareerAdviceSectionEditor {...editorProps} section={sections.careerAdvice} />
          ) : (
            <CareerAdviceView section={sections.careerAdvice} />
          )}
        </ProfileSection>
      )}

      {sections.additionalInfo === undefined ||
      (!canEdit && sections.additionalInfo.length === 0 && sections.customFields === undefined) ? null : (
        <ProfileSection
          id="additional-info"
          title="Additional information"
          {...sectionProps('additionalInfo')}
        >
          <Stack gap="lg">
            {sections.customFields === undefined || sections.customFields.items.length === 0 ? null : (
              <CustomFieldsPart
                {...editorProps}
                block={{
                  id: CUSTOM_FIELDS_LOCATION.containerId,
                  title: 'Community questions',
                  hubId: sections.customFields.hubId,
                  items: sections.customFields.items,
                }}
                canEdit={canEdit}
                isEditing={editing === 'customFields' && customFieldsBlock === HUB_FIELDS_BLOCK}
                onEdit={() => {
                  setCustomFieldsBlock(HUB_FIELDS_BLOCK);
                  setEditing('customFields');
                }}
              />
            )}
            {(sections.customFields?.organizations ?? []).map((organization) => (
              <CustomFieldsPart
                key={organization.id}
                {...editorProps}
                block={{
                  id: `profile-organization-fields-${organization.id}`,
                  title: organization.name,
                  hubId: sections.customFields?.hubId ?? '',
                  items: organization.items,
                }}
                canEdit={canEdit}
                isEditing={editing === 'customFields' && customFieldsBlock === organization.id}
                onEdit={() => {
                  setCustomFieldsBlock(organization.id);
                  setEditing('customFields');
                }}
              />
            ))}
            {!canEdit && sections.additionalInfo.length === 0 ? null : (
              <Stack gap="sm">
                {sections.customFields === undefined ? null : (
                  <Title order={3} size="h4">
                    {canEdit ? 'Your own items' : 'Other details'}
                  </Title>
                )}
                {editing === 'additionalInfo' ? (
                  <AdditionalInfoSectionEditor {...editorProps} items={sections.additionalInfo} />
                ) : (
                  <AdditionalInfoView items={sections.additionalInfo} />
                )}
              </Stack>
            )}
          </Stack>
        </ProfileSection>
      )}

      {sections.demographicInfo === undefined ||
      (!canEdit && Object.keys(sections.demographicInfo).length === 0) ? null : (
        <ProfileSection
          id="demographic-info"
          title="Demographic information"
          {...sectionProps('demographicInfo')}
        >
          {canEdit ? (
            <Text size="sm" c="dimmed" mb="sm">
              Only you and your community’s administrators see this.
            </Text>
          ) : null}
          {editing === 'demographicInfo' ? (
            <DemographicInfoSectionEditor {...editorProps} info={sections.demographicInfo} />
          ) : (
            <DemographicInfoView info={sections.demographicInfo} />
          )}
        </ProfileSection>
      )}

      {sections.profileQuestions === undefined ? null : (
        <ProfileSection id="questions" title="Profile questions" {...sectionProps('profileQuestions')}>
          <ProfileQuestionsSection
            {...editorProps}
            hubId={sections.profileQuestions.hubId}
            isEditing={editing === 'profileQuestions'}
          />
        </ProfileSection>
      )}

      {sections.files === undefined ? null : (
        <ProfileSection
          id="files"
          title="Resume and documents"
          canEdit={false}
          isEditing={false}
          onEdit={closeEditor}
        >
          <FilesPanel files={sections.files} canEdit={canEdit} />
        </ProfileSection>
      )}

      {jobsHub === null ? null : (
        <Suspense fallback={null}>
          <JobPostsSection
            identifier={data.identifier}
            hubIdentifier={jobsHub}
            isOwner={canEdit}
            timeZone={timeZone}
          />
        </Suspense>
      )}

      <BadgesSection identifier={data.identifier} hubId={hubId} isOwner={canEdit} timeZone={timeZone} />
      <AssessmentResultsSection
        userId={data.id}
        {...(jobsHub === null || jobsHub === undefined ? {} : { hubId: jobsHub })}
        isOwner={canEdit}
        timeZone={timeZone}
      />
      <VideoAnswersSection
        userId={data.id}
        {...(jobsHub === null || jobsHub === undefined ? {} : { hubId: jobsHub })}
        timeZone={timeZone}
      />
    </Stack>
  );
}

function TagLine({ label, values }: { label: string; values: string[] }) {
  return (
    <div>
      <Text fw={600}>{label}</Text>
      {values.length === 0 ? (
        <Text c="dimmed">None yet.</Text>
      ) : (
        <Group gap="xs" mt={4}>
          {values.map((value) => (
            <Badge key={value} variant="outline" tt="none">
              {value}
            </Badge>
          ))}
        </Group>
      )}
    </div>
  );
}
