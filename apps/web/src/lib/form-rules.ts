import type { FormRule } from 'antd';
import type { z } from 'zod';

/**
 * An antd form rule that runs a contracts zod schema, so the console refuses exactly what the API refuses
 * and with the same words. Pair it with `required(...)` for mandatory fields.
 */
export function zodRule(schema: z.ZodType): FormRule {
  return {
    validator: async (_rule, value: unknown) => {
      // An empty field is the `required` rule's business (it words it better than a length rule).
      if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) return;
      const result = schema.safeParse(value);
      if (!result.success) throw new Error(result.error.issues[0]?.message ?? 'Invalid value');
    },
  };
}

/** Confirmation fields: the value must equal another field's. */
export function matchesField(field: string, message = 'Passwords do not match'): FormRule {
  return ({ getFieldValue }) => ({
    validator: async (_rule, value: unknown) => {
      if (value && value !== getFieldValue(field)) throw new Error(message);
    },
  });
}

export const required = (message: string): FormRule => ({ required: true, whitespace: true, message });
