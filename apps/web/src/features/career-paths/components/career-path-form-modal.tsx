import { ZCareerPathRequest, type TCareerPath, type TCareerPathRequest } from '@commons/contract';
import { CAREER_PATH_LIMITS } from '@commons/domain';
import {
  Button,
  Group,
  Modal,
  NumberInput,
  SimpleGrid,
  Stack,
  TagsInput,
  TextInput,
  Textarea,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useId } from 'react';
import { ErrorAlert } from '../../../components/error-alert';
import { isApiError } from '../../../lib/api-error';
import { focusFirstInvalidField, onInvalidSubmit } from '../../../lib/focus-first-invalid-field';
import { zodFormValidator } from '../../../lib/zod-form-validator';
import { useSaveCareerPath } from '../api/career-paths';

type TFormValues = {
  title: string;
  description: string;
  typicalRoles: string[];
  skills: string[];
  education: string;
  salaryMin: number | string;
  salaryMax: number | string;
  industries: string[];
  jobFunctions: string[];
  videoUrl: string;
};

function initialValues(path: TCareerPath | null): TFormValues {
  return {
    title: path?.title ?? '',
    description: path?.description ?? '',
    typicalRoles: path?.typicalRoles ?? [],
    skills: path?.skills ?? [],
    education: path?.education ?? '',
    salaryMin: path?.salaryMin ?? '',
    salaryMax: path?.salaryMax ?? '',
    industries: path?.industries ?? [],
    jobFunctions: path?.jobFunctions ?? [],
    videoUrl: path?.videoUrl ?? '',
  };
}

const salary = (value: number | string) => (value === '' ? null : Number(value));

function requestOf(values: TFormValues): TCareerPathRequest {
  return {
    ...values,
    salaryMin: salary(values.salaryMin),
    salaryMax: salary(values.salaryMax),
    videoUrl: values.videoUrl.trim() === '' ? null : values.videoUrl.trim(),
  };
}

const validateRequest = zodFormValidator(ZCareerPathRequest);

/** A list field's server or contract message (`typicalRoles.2` → `typicalRoles`). */
function formErrors(errors: Record<string, string>): Record<string, string> {
  const mapped: Record<string, string> = {};
  for (const [path, message] of Object.entries(errors)) mapped[path.split('.')[0] ?? path] ??= message;
  return mapped;
}

/**
 * Adds or edits a career path of the cluster's catalogue (issue #20 item 2): title, description, typical roles,
 * skills, education, salary range, related industries and job functions, and a video link from an approved
 * host (spec 5 Embedded frames). The contract's and the server's messages show under each field.
 */
export function CareerPathFormModal(props: {
  hubIdentifier: string;
  careerPath: TCareerPath | null;
  isOpen: boolean;
  onClose: () => void;
  onSaved: (careerPath: TCareerPath) => void;
}) {
  const save = useSaveCareerPath(props.hubIdentifier);
  const formId = useId();
  const form = useForm<TFormValues>({
    initialValues: initialValues(props.careerPath),
    validate: (values) => formErrors(validateRequest(requestOf(values))),
  });
  const handleSubmit = form.onSubmit(
    (values) =>
      save.mutate(
        { id: props.careerPath?.id ?? null, body: requestOf(values) },
        {
          onSuccess: (careerPath) => props.onSaved(careerPath),
          onError: (error) => {
            if (isApiError(error) && Object.keys(error.fields).length > 0) {
              form.setErrors(formErrors(error.fields));
              focusFirstInvalidField(document.getElementById(formId));
            }
          },
        },
      ),
    onInvalidSubmit,
  );
  const hasFieldErrors = isApiError(save.error) && Object.keys(save.error.fields).length > 0;
  const listProps = {
    maxTags: CAREER_PATH_LIMITS.listItemsMax,
    description: 'Type an entry and press Enter; comma separates entries.',
    splitChars: [','],
    clearable: true,
  };
  return (
    <Modal
      opened={props.isOpen}
      onClose={props.onClose}
      size="lg"
      title={props.careerPath === null ? 'Add a career path' : `Edit “${props.careerPath.title}”`}
    >
      <form id={formId} onSubmit={handleSubmit} noValidate>
        <Stack>
          <TextInput
            label="Title"
            required
            maxLength={CAREER_PATH_LIMITS.titleMax}
            {...form.getInputProps('title')}
          />
          <Textarea
            label="Description"
            description="What the work is like and why people choose it."
            required
            autosize
            minRows={3}
            maxLength={CAREER_PATH_LIMITS.descriptionMax}
            {...form.getInputProps('description')}
          />
          <TagsInput label="Typical roles" {...listProps} {...form.getInputProps('typicalRoles')} />
          <TagsInput label="Skills" {...listProps} {...form.getInputProps('skills')} />
          <Textarea
            label="Education"
            description="The degrees, licences or training that lead into it."
            autosize
            minRows={2}
            maxLength={CAREER_PATH_LIMITS.educationMax}
            {...form.getInputProps('education')}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <NumberInput
              label="Lowest yearly salary (USD)"
              min={0}
              max={CAREER_PATH_LIMITS.salaryMax}
              allowDecimal={false}
              allowNegative={false}
              thousandSeparator=","
              {...form.getInputProps('salaryMin')}
            />
            <NumberInput
              label="Highest yearly salary (USD)"
              min={0}
              max={CAREER_PATH_LIMITS.salaryMax}
              allowDecimal={false}
              allowNegative={false}
              thousandSeparator=","
              {...form.getInputProps('salaryMax')}
            />
          </SimpleGrid>
          <TagsInput label="Related industries" {...listProps} {...form.getInputProps('industries')} />
          <TagsInput label="Job functions" {...listProps} {...form.getInputProps('jobFunctions')} />
          <TextInput
            label="Video link"
            description="A YouTube, Vimeo, Wistia, Kaltura, Panopto or Candid Career link; other sites are refused."
            type="url"
            {...form.getInputProps('videoUrl')}
          />
          {hasFieldErrors ? null : <ErrorAlert error={save.error} />}
          <Group justify="flex-end">
            <Button variant="default" onClick={props.onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={save.isPending}>
              {props.careerPath === null ? 'Add career path' : 'Save career path'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
