import { CLUSTER_EMAIL_TEMPLATE_ENDPOINTS, type TMailTemplateInput } from '@commons/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api-client';

const keys = {
  list: ['cluster-admin', 'email-templates'] as const,
  one: (key: string) => ['cluster-admin', 'email-templates', key] as const,
  preview: (key: string, input: TMailTemplateInput) =>
    ['cluster-admin', 'email-templates', key, 'preview', input] as const,
};

/** GET /api/admin/cluster/email-templates: the catalogue and which templates the cluster reworded. */
export function useEmailTemplates() {
  return useQuery({
    queryKey: keys.list,
    queryFn: ({ signal }) =>
      callEndpoint(CLUSTER_EMAIL_TEMPLATE_ENDPOINTS.list, { signal, isErrorToastSuppressed: true }),
    retry: false,
  });
}

/** GET /api/admin/cluster/email-templates/:key: placeholders, default and override. */
export function useEmailTemplate(key: string) {
  return useQuery({
    queryKey: keys.one(key),
    queryFn: ({ signal }) =>
      callEndpoint(CLUSTER_EMAIL_TEMPLATE_ENDPOINTS.get, {
        params: { key },
        signal,
        isErrorToastSuppressed: true,
      }),
    retry: false,
  });
}

/**
 * POST …/preview with the text being edited (the caller debounces it): the email as sent with sample values,
 * and what saving it would refuse. The last preview stays shown while the next one loads.
 */
export function useEmailTemplatePreview(key: string, input: TMailTemplateInput) {
  const isComplete = input.subject.trim() !== '' && input.body.trim() !== '';
  return useQuery({
    queryKey: keys.preview(key, input),
    queryFn: ({ signal }) =>
      callEndpoint(CLUSTER_EMAIL_TEMPLATE_ENDPOINTS.preview, {
        params: { key },
        body: input,
        signal,
        isErrorToastSuppressed: true,
      }),
    enabled: isComplete,
    placeholderData: keepPreviousData,
    retry: false,
  });
}

export function useSaveEmailTemplate(key: string) {
  const client = useQueryClient();
  return useMutation({
    // The editor shows the refusal on its fields.
    mutationFn: (body: TMailTemplateInput) =>
      callEndpoint(CLUSTER_EMAIL_TEMPLATE_ENDPOINTS.save, {
        params: { key },
        body,
        isErrorToastSuppressed: true,
      }),
    onSuccess: (template) => {
      client.setQueryData(keys.one(key), template);
      void client.invalidateQueries({ queryKey: keys.list, exact: true });
    },
  });
}

export function useResetEmailTemplate(key: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => callEndpoint(CLUSTER_EMAIL_TEMPLATE_ENDPOINTS.reset, { params: { key } }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: keys.one(key), exact: true });
      void client.invalidateQueries({ queryKey: keys.list, exact: true });
    },
  });
}
