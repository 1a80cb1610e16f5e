/**
 * Who reads a job's problems: the CLI's user, who knows flags and the job file, or the workspace's pages, whose
 * reader knows form fields only. The same check, worded for each (`Problems.worded`).
 */
export type Surface = 'cli' | 'web';
