import type { Job } from '../config/Job.js';
import { loadBuiltinTemplate, loadTemplateFile } from '../templates/templateCatalog.js';
import type { Template } from '../templates/Template.js';

/** The job's built-in and user templates, validated before any network or store work starts. */
export function jobTemplates(job: Job): Template[] {
  return [...job.templates.map(loadBuiltinTemplate), ...job.templateFiles.map(loadTemplateFile)];
}
