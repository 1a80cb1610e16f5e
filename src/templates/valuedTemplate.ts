import type { Template } from './Template.js';

/**
 * The template as a valued or an unvalued export writes it: `valued` columns only in a valued one, `valuedField`
 * read instead of `field` there. Unvalued, the columns are exactly the file's declaration without its valued ones.
 */
export function valuedTemplate(template: Template, valued: boolean): Template {
  if (!template.columns.some((column) => column.valued || column.valuedField !== null)) return template;
  const columns = template.columns
    .filter((column) => valued || !column.valued)
    .map((column) => (valued && column.valuedField !== null ? { ...column, field: column.valuedField } : column));
  return { ...template, columns };
}
