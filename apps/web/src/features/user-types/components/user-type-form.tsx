import {
  MODULE_IDS,
  NAVIGATION_MODULES,
  STANDARD_USER_TYPES,
  ZCreateUserTypeRequest,
  ZUpdateUserTypeRequest,
  type TAdminUserType,
  type TAdminUserTypesResponse,
  type TUserTypeFields,
  type TUserTypeMessageTypeSettings,
} from '@commons/contract';
import {
  MESSAGE_TYPE_LABELS,
  MESSAGE_TYPE_LIMIT_MAX,
  MESSAGE_TYPE_ORDER_MAX,
  MESSAGE_TYPE_SETTING_HELP,
  MESSAGE_TYPES,
  PROFILE_SECTIONS,
  type TMessageType,
} from '@commons/domain';
import {
  Accordion,
  Alert,
  Badge,
  Button,
  Fieldset,
  Group,
  MultiSelect,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Tabs,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import type { FormEvent } from 'react';
import { ErrorAlert } from '../../../components/error-alert';
import { isApiError } from '../../../lib/api-error';
import { focusFirstInvalidField } from '../../../lib/focus-first-invalid-field';

/** What the form edits: every field of spec 3 User type and every setting of each message type. */
export type TUserTypeFormValues = TUserTypeFields & { messageTypeSettings: TUserTypeMessageTypeSettings };

type TBooleanField = {
  [K in keyof TUserTypeFields]: TUserTypeFields[K] extends boolean ? K : never;
}[keyof TUserTypeFields];

/** Labels and help of the user type's switches (spec 3 User type), grouped as the form shows them. */
const CAPABILITIES: ReadonlyArray<{ key: TBooleanField; label: string; help: string }> = [
  { key: 'canOfferHelp', label: 'Can offer help', help: 'Members can list topics they help others with.' },
  { key: 'canOfferAMA', label: 'Can host Ask Me Anything', help: 'Members can offer AMA sessions.' },
  { key: 'canPostJob', label: 'Can post jobs', help: 'Members can post jobs and projects on the job board.' },
  {
    key: 'canApplyProject',
    label: 'Can apply to projects',
    help: 'Members can apply to projects open to their type (spec 6 Projects).',
  },
  {
    key: 'canGetMessage',
    label: 'Can receive messages',
    help: 'Others can send members of this type requests.',
  },
  {
    key: 'canCreateResource',
    label: 'Can create resources',
    help: 'Members can add resources when the business directory is on.',
  },
  {
    key: 'meetingsDisabled',
    label: 'Meetings turned off',
    help: 'Nobody can request a meeting with members of this type, and they cannot request one.',
  },
  { key: 'givingForm', label: 'Show the giving form', help: 'Members see the hub’s giving form.' },
];

const HOME_SWITCHES: ReadonlyArray<{ key: TBooleanField; label: string; help: string }> = [
  {
    key: 'corporateHomepageEnabled',
    label: 'Corporate home page',
    help: 'Members see the home page made for employers and partners.',
  },
  { key: 'homepageV3Enabled', label: 'Home page v3', help: 'Members open home-v3.' },
  { key: 'newHomepageEnabled', label: 'New home page', help: 'Members open home-v2.' },
  {
    key: 'showFirstTimeMatchingExperience',
    label: 'First-time matching',
    help: 'New members are offered matches when they first sign in.',
  },
];

const moduleOptions = NAVIGATION_MODULES.filter((module) => MODULE_IDS.includes(module.id)).map((module) => ({
  value: module.id,
  label: module.name,
}));

/** 'workHistory' → 'Work history'. */
function sectionLabel(section: string): string {
  const words = section.replace(/([A-Z])/g, ' $1').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
const sectionOptions = PROFILE_SECTIONS.map((section) => ({ value: section, label: sectionLabel(section) }));

/** The values of a new type: the spec 3 defaults, and every message type as the hub has it (spec 9 defaults). */
export function newUserTypeValues(
  hubMessageTypes: TAdminUserTypesResponse['hubMessageTypes'],
): TUserTypeFormValues {
  // A new type's list is empty, which leaves every message type the hub has on open to it.
  const entry = (type: TMessageType) => ({
    ...hubMessageTypes[type],
    enabled: true,
    recipientUserTypeIds: [],
  });
  const messageTypeSettings: TUserTypeMessageTypeSettings = {
    longTermMentorship: entry('longTermMentorship'),
    flashMentorship: entry('flashMentorship'),
    exploreMentorship: entry('exploreMentorship'),
    message: entry('message'),
    requestResume: entry('requestResume'),
    scheduleInterview: entry('scheduleInterview'),
    adviserMeetingV2: entry('adviserMeetingV2'),
  };
  return {
    title: '',
    pluralTitle: '',
    standardUserType: 'Student',
    isDisabled: false,
    activeModules: [],
    canOfferHelp: false,
    canOfferAMA: false,
    canPostJob: false,
    canApplyProject: false,
    canGetMessage: true,
    canCreateResource: false,
    meetingsDisabled: false,
    givingForm: false,
    corporateHomepageEnabled: false,
    homepageV3Enabled: false,
    newHomepageEnabled: false,
    showFirstTimeMatchingExperience: false,
    hideProfileSections: [],
    messageTypeSettings,
  };
}

/** A saved type's values for the form. */
export function userTypeValues(type: TAdminUserType): TUserTypeFormValues {
  const { id: _id, order: _order, memberCount: _count, can: _can, ...values } = type;
  return values;
}

/** The Zod issues of the contract schema as Mantine form errors (dotted paths). */
function schemaErrors(values: TUserTypeFormValues, isNew: boolean): Record<string, string> {
  const result = (isNew ? ZCreateUserTypeRequest : ZUpdateUserTypeRequest).safeParse(values);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
}

function LimitInput(props: { label: string; help: string; inputProps: object }) {
  return (
    <NumberInput
      label={props.label}
      description={props.help}
      min={-1}
      max={MESSAGE_TYPE_LIMIT_MAX}
      allowDecimal={false}
      // Out-of-range values stay as typed, so the bound is explained instead of silently changed.
      clampBehavior="none"
      {...props.inputProps}
    />
  );
}

/** One message type's settings (spec 3 Message types, every setting). */
function MessageTypeFields(props: {
  type: TMessageType;
  form: ReturnType<typeof useForm<TUserTypeFormValues>>;
  isOnInHub: boolean;
  recipientOptions: Array<{ value: string; label: string }>;
}) {
  const { type, form } = props;
  const path = (key: string) => `messageTypeSettings.${type}.${key}`;
  const help = MESSAGE_TYPE_SETTING_HELP;
  const label = MESSAGE_TYPE_LABELS[type];
  return (
    <Stack gap="sm">
      {props.isOnInHub ? null : (
        <Alert color="yellow" variant="light" title="Off in this hub">
          {label} is turned off for the whole hub, so nobody can send it whatever you choose here.
        </Alert>
      )}
      <Switch
        label={`Members of this type can send: ${label.toLowerCase()}`}
        description={help.enabled}
        {...form.getInputProps(path('enabled'), { type: 'checkbox' })}
      />
      <MultiSelect
        label="Only to these user types"
        description="Leave empty to let members send it to every user type (spec 6 Messaging)."
        data={props.recipientOptions}
        placeholder="Every user type"
        clearable
        searchable
        {...form.getInputProps(path('recipientUserTypeIds'))}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Switch
          label="Independent message pool"
          description={help.hasIndependentMessagePool}
          {...form.getInputProps(path('hasIndependentMessagePool'), { type: 'checkbox' })}
        />
        <Switch
          label="Recipients opt in"
          description={help.userOptIn}
          {...form.getInputProps(path('userOptIn'), { type: 'checkbox' })}
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <LimitInput
          label="Mentorship limit"
          help={help.maxMentorshipLimit}
          inputProps={form.getInputProps(path('maxMentorshipLimit'))}
        />
        <LimitInput
          label="Connection limit"
          help={help.maxConnectLimit}
          inputProps={form.getInputProps(path('maxConnectLimit'))}
        />
        <LimitInput
          label="Request limit"
          help={help.maxMessages}
          inputProps={form.getInputProps(path('maxMessages'))}
        />
        <LimitInput
          label="Open mentorships limit"
          help={help.maxOpenMentorships}
          inputProps={form.getInputProps(path('maxOpenMentorships'))}
        />
      </SimpleGrid>
      <TextInput
        label="Mentorship length"
        description={help.mentorshipLength}
        {...form.getInputProps(path('mentorshipLength'))}
      />
      <TextInput
        label="Headline"
        description={help.headlineText}
        {...form.getInputProps(path('headlineText'))}
      />
      <Textarea
        label="Explanation"
        description={help.subText}
        autosize
        minRows={2}
        {...form.getInputProps(path('subText'))}
      />
      <TextInput
        label="Video link"
        description={help.videoLink}
        placeholder="https://"
        {...form.getInputProps(path('videoLink'))}
        value={form.getValues().messageTypeSettings[type].videoLink ?? ''}
        onChange={(event) => {
          const value = event.currentTarget.value;
          form.setFieldValue(path('videoLink'), value.trim() === '' ? null : value);
        }}
      />
      <NumberInput
        label="Order"
        description={help.order}
        min={0}
        max={MESSAGE_TYPE_ORDER_MAX}
        allowDecimal={false}
        {...form.getInputProps(path('order'))}
      />
    </Stack>
  );
}

/**
 * The form of one user type: its fields (Details) and its message types, each with every setting. Saving
 * validates with the contract's schema first; the server's field errors land on the same fields.
 */
export function UserTypeForm(props: {
  initialValues: TUserTypeFormValues;
  isNew: boolean;
  allTypes: TAdminUserTypesResponse['items'];
  hubMessageTypes: TAdminUserTypesResponse['hubMessageTypes'];
  isSaving: boolean;
  error: unknown;
  onSubmit: (values: TUserTypeFormValues) => Promise<unknown>;
  onCancel: () => void;
}) {
  const form = useForm<TUserTypeFormValues>({
    mode: 'controlled',
    initialValues: props.initialValues,
    validate: (values) => schemaErrors(values, props.isNew),
  });
  const recipientOptions = props.allTypes.map((type) => ({ value: type.id, label: type.pluralTitle }));
  const messageTypes = [...MESSAGE_TYPES].sort(
    (a, b) => form.getValues().messageTypeSettings[a].order - form.getValues().messageTypeSettings[b].order,
  );
  const errorKeys = Object.keys(form.errors);
  const hasMessageErrors = errorKeys.some((key) => key.startsWith('messageTypeSettings'));
  const hasDetailErrors = errorKeys.some((key) => !key.startsWith('messageTypeSettings'));

  const handleSubmit = (values: TUserTypeFormValues, event: FormEvent<HTMLFormElement> | undefined) => {
    const formElement = event?.currentTarget;
    props.onSubmit(values).catch((error: unknown) => {
      if (!isApiError(error) || Object.keys(error.fields).length === 0) return;
      form.setErrors(error.fields);
      focusFirstInvalidField(formElement);
    });
  };
  const handleInvalid = (_errors: unknown, _values: unknown, event: FormEvent<HTMLFormElement> | undefined) =>
    focusFirstInvalidField(event?.currentTarget);

  const switchOf = (field: { key: TBooleanField; label: string; help: string }) => (
    <Switch
      key={field.key}
      label={field.label}
      description={field.help}
      {...form.getInputProps(field.key, { type: 'checkbox' })}
    />
  );

  return (
    <form onSubmit={form.onSubmit(handleSubmit, handleInvalid)} noValidate aria-label="User type">
      <Stack gap="md">
        <Tabs defaultValue="details" keepMounted>
          <Tabs.List>
            <Tabs.Tab
              value="details"
              rightSection={hasDetailErrors ? <Badge color="red.9">Check</Badge> : null}
            >
              Details
            </Tabs.Tab>
            <Tabs.Tab
              value="messages"
              rightSection={hasMessageErrors ? <Badge color="red.9">Check</Badge> : null}
            >
              Message types
            </Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="details" pt="md">
            <Stack gap="md">
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <TextInput
                  label="Title"
                  description="What one member of this type is called, e.g. Student."
                  required
                  {...form.getInputProps('title')}
                />
                <TextInput
                  label="Plural title"
                  description="What several are called, e.g. Students (directory filters, lists)."
                  required
                  {...form.getInputProps('pluralTitle')}
                />
              </SimpleGrid>
              <Select
                label="Standard user type"
                description="The standard kind this type maps to; Commons uses it for defaults such as career stories."
                data={[...STANDARD_USER_TYPES]}
                allowDeselect={false}
                required
                {...form.getInputProps('standardUserType')}
              />
              <Switch
                label="Disabled"
                description="Nobody new can choose a disabled type when signing up; members who have it keep it."
                {...form.getInputProps('isDisabled', { type: 'checkbox' })}
              />
              <MultiSelect
                label="Tabs shown"
                description="The hub’s tabs members of this type see. Leave empty to show every tab the hub has on."
                data={moduleOptions}
                placeholder="Every tab the hub has on"
                clearable
                {...form.getInputProps('activeModules')}
              />
              <Fieldset legend="What members of this type can do">
                <SimpleGrid cols={{ base: 1, sm: 2 }}>{CAPABILITIES.map(switchOf)}</SimpleGrid>
              </Fieldset>
              <Fieldset legend="Home page">
                <SimpleGrid cols={{ base: 1, sm: 2 }}>{HOME_SWITCHES.map(switchOf)}</SimpleGrid>
              </Fieldset>
              <MultiSelect
                label="Hidden profile sections"
                description="Sections left off the profiles of members of this type."
                data={sectionOptions}
                placeholder="None hidden"
                clearable
                searchable
                {...form.getInputProps('hideProfileSections')}
              />
            </Stack>
          </Tabs.Panel>
          <Tabs.Panel value="messages" pt="md">
            <Stack gap="sm">
              <Text size="sm" c="dark.6">
                What members of this type may send and the limits and texts that apply to them. Values start
                from the hub’s message settings; a type you save here keeps its own values.
              </Text>
              <Accordion variant="separated" multiple>
                {messageTypes.map((type) => {
                  const isEnabled = form.getValues().messageTypeSettings[type].enabled;
                  return (
                    <Accordion.Item key={type} value={type}>
                      <Accordion.Control>
                        <Group gap="xs" wrap="wrap">
                          <Text fw={600}>{MESSAGE_TYPE_LABELS[type]}</Text>
                          <Badge color={isEnabled ? 'teal.9' : 'gray.8'} variant="outline">
                            {isEnabled ? 'Can send' : 'Off'}
                          </Badge>
                          {props.hubMessageTypes[type].enabled ? null : (
                            <Badge color="orange.9" variant="outline">
                              Off in hub
                            </Badge>
                          )}
                        </Group>
                      </Accordion.Control>
                      <Accordion.Panel>
                        <MessageTypeFields
                          type={type}
                          form={form}
                          isOnInHub={props.hubMessageTypes[type].enabled}
                          recipientOptions={recipientOptions}
                        />
                      </Accordion.Panel>
                    </Accordion.Item>
                  );
                })}
              </Accordion>
            </Stack>
          </Tabs.Panel>
        </Tabs>
        {props.error ? <ErrorAlert error={props.error} /> : null}
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={props.onCancel}>
            Cancel
          </Button>
          <Button type="submit" loading={props.isSaving}>
            {props.isNew ? 'Add user type' : 'Save user type'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
