import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { InputError } from '../errors/LedgerscanError.js';
import { packageRoot } from '../packageRoot.js';
import { parseTemplate } from './parseTemplate.js';
import type { Confidence, Template } from './Template.js';

export interface TemplateSummary {
  name: string;
  title: string;
  docs: string;
  confidence: Confidence;
}

/** `templates/` at the package root, which ships beside both src/ and dist/. */
export function builtinTemplateDir(): string {
  const dir = path.join(packageRoot(), 'templates');
  if (!existsSync(path.join(dir, 'ledger.json'))) throw new InputError('built-in templates folder not found', { details: { looked: dir } });
  return dir;
}

/** Reads and validates one template file (built-in or `--template-file`). */
export function loadTemplateFile(file: string): Template {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (cause) {
    throw new InputError('cannot read template file', { details: { file }, cause });
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (cause) {
    // V8 quotes (part of) the source after the reason, line breaks included; the message stays one line
    const reason = (cause as Error).message.replace(/, (\.\.\.)?"[\s\S]*$/, '');
    throw new InputError('template file is not valid JSON', {
      details: { file, error: reason, fix: 'correct the JSON syntax at that token' },
      cause,
    });
  }
  return parseTemplate(json, file);
}

/** The built-in templates' names; `{ forms: false }` leaves out the tax forms (rendered from the cost-basis replay, not over ledger entries). */
export function builtinTemplateNames(options: { forms?: boolean } = {}): string[] {
  const names = readdirSync(builtinTemplateDir())
    .filter((file) => file.endsWith('.json'))
    .map((file) => file.slice(0, -'.json'.length))
    .sort();
  return options.forms === false ? names.filter((name) => loadBuiltinTemplate(name).form === null) : names;
}

export function loadBuiltinTemplate(name: string): Template {
  const names = builtinTemplateNames();
  if (!names.includes(name)) {
    throw new InputError(`unknown template ${JSON.stringify(name)}`, {
      details: { fix: `use one of ${names.join(', ')} (see 'ledgerscan templates')` },
    });
  }
  return loadTemplateFile(path.join(builtinTemplateDir(), `${name}.json`));
}

/** For `ledgerscan templates`: every built-in target with how well its format is confirmed. */
export function listTemplates(): TemplateSummary[] {
  return builtinTemplateNames().map((name) => {
    const { title, docs, confidence } = loadBuiltinTemplate(name);
    return { name, title, docs, confidence };
  });
}
