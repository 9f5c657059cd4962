import type { z } from 'zod';

/**
 * A @mantine/form `validate` function from a contract Zod schema (zod 4 issues), with friendlier
 * messages per field path where the page gives them. Only the first problem of a field is shown.
 */
export function zodFormValidator<T>(
  schema: z.ZodType<unknown, T>,
  messages: Readonly<Record<string, string>> = {},
): (values: T) => Record<string, string> {
  return (values) => {
    const result = schema.safeParse(values);
    if (result.success) return {};
    const errors: Record<string, string> = {};
    for (const issue of result.error.issues) {
      const path = issue.path.map(String).join('.');
      if (errors[path] === undefined) errors[path] = messages[path] ?? issue.message;
    }
    return errors;
  };
}
