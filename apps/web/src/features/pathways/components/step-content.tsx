import type { TPathwayStep } from '@commons/contract';
import { Anchor, AspectRatio, Paper, Stack, Text, VisuallyHidden } from '@mantine/core';
import { RichTextView } from '../../../components/rich-text-editor';

/** The sandbox the server gives kept frames (lib/rich-text.ts): players work, the frame cannot navigate this page. */
const FRAME_SANDBOX = 'allow-scripts allow-same-origin allow-popups allow-presentation';

/** Multi-line plain text as written. */
function PlainText({ text }: { text: string }) {
  if (text.trim() === '') return null;
  return <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{text}</Text>;
}

/**
 * What a step shows before its answer: the reading (rich text the server sanitised, spec 5), the video (an
 * approved embed address, spec 5 Embedded frames, which the server checked and the CSP frame-src allows), the
 * link to open, or the instructions and prompts of the answered kinds.
 */
export function StepContent({ step }: { step: TPathwayStep }) {
  switch (step.kind) {
    case 'richText':
      return <RichTextView html={step.body} />;
    case 'video':
      return (
        <Stack gap="xs">
          <AspectRatio ratio={16 / 9} maw={720}>
            <iframe
              src={step.url}
              title={`Video: ${step.title}`}
              sandbox={FRAME_SANDBOX}
              allow="fullscreen; picture-in-picture"
              style={{ border: 0 }}
              loading="lazy"
            />
          </AspectRatio>
          <PlainText text={step.caption} />
        </Stack>
      );
    case 'link':
      return (
        <Paper withBorder p="md" radius="md">
          <Stack gap="xs">
            <PlainText text={step.description} />
            <Anchor
              href={step.url}
              target="_blank"
              rel="noopener noreferrer"
              fw={600}
              style={{ overflowWrap: 'anywhere' }}
            >
              {step.label === '' ? step.url : step.label}
              <VisuallyHidden component="span"> (opens in a new tab)</VisuallyHidden>
            </Anchor>
          </Stack>
        </Paper>
      );
    case 'fileUpload':
      return <PlainText text={step.instructions} />;
    case 'reflection':
      return <PlainText text={step.prompt} />;
    case 'checklist':
    case 'profileQuestion':
      return null;
  }
}
