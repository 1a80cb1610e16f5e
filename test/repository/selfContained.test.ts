import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { packageRoot as rootOf } from '../../src/packageRoot.js';

const packageRoot = rootOf();

/**
 * A clone of this repository is all a user has: nothing the project runs or reads may name an absolute machine
 * path or a path outside the package, and every relative link in the docs must land on a file of the package.
 */

const SKIPPED_DIRS = new Set(['node_modules', '.git', 'dist', 'out', 'coverage', '.ledgerscan']);
/** Files the project runs or reads: any absolute machine path in them is a defect. */
const CODE_DIRS = ['src', 'test', 'bench', 'scripts', 'templates', 'migrations', 'samples', '.ci'];
const CODE_FILES = ['package.json', 'jest.config.js', 'eslint.config.js', 'tsconfig.json', 'tsconfig.build.json', '.gitignore'];
/** Prose: may show a user's own deployment paths (`/srv/...` in a systemd example), never the team's shelf. */
const PROSE_FILES = ['README.md'];
const PROSE_DIRS = ['docs'];

// Assembled from parts so that this file does not flag itself.
const SHELF = new RegExp(['\\.\\./', 'shared', '|', '/work', '/'].join(''));
const ABSOLUTE = new RegExp(
  ['(^|[^\\w.~$/:-])', '/(?:work|home|root|Users|mnt|opt|srv|tmp|var|etc|usr)/', '|', '\\b[A-Z]:\\\\\\\\'].join(''),
);
const LINK = /\]\(([^)\s#]+)(?:#[^)]*)?\)/g;
/** A Markdown document named in any text (`docs/etherscan-api.md §3`, `tax-formats.md`), URLs aside. */
const DOCUMENT = /[\w./-]*[\w-]\.md\b/g;
const URL_TEXT = /[a-z]+:\/\/\S+/gi;

function filesUnder(relative: string): string[] {
  const absolute = path.join(packageRoot, relative);
  if (!fs.existsSync(absolute)) return [];
  if (fs.statSync(absolute).isFile()) return [relative];
  return fs
    .readdirSync(absolute, { withFileTypes: true })
    .flatMap((entry) => (SKIPPED_DIRS.has(entry.name) ? [] : filesUnder(path.join(relative, entry.name))));
}

function isText(file: string): boolean {
  const bytes = fs.readFileSync(path.join(packageRoot, file));
  return !bytes.subarray(0, 8000).includes(0);
}

function offendingLines(files: readonly string[], pattern: RegExp): string[] {
  return files.filter(isText).flatMap((file) =>
    fs
      .readFileSync(path.join(packageRoot, file), 'utf8')
      .split('\n')
      .flatMap((line, index) =>
        pattern.test(line) && !line.startsWith('#!') ? [`${file}:${index + 1}: ${line.trim().slice(0, 120)}`] : [],
      ),
  );
}

function namedDocuments(text: string): string[] {
  return [...text.replace(URL_TEXT, ' ').matchAll(DOCUMENT)].map((match) => match[0].replace(/^\.\//, ''));
}

const selfFile = path.join('test', 'repository', 'selfContained.test.ts');
const codeFiles = [...CODE_DIRS, ...CODE_FILES].flatMap(filesUnder).filter((file) => file !== selfFile);
const proseFiles = [...PROSE_DIRS, ...PROSE_FILES].flatMap(filesUnder).filter((file) => file.endsWith('.md'));
const markdownFiles = [...proseFiles, ...codeFiles.filter((file) => file.endsWith('.md'))];

describe('the repository stands on its own', () => {
  it('scans the files it guards', () => {
    expect(codeFiles).toContain(path.join('src', 'cli', 'main.ts'));
    expect(codeFiles).toContain(path.join('.ci', 'run'));
    expect(proseFiles).toContain('README.md');
  });

  it('names no absolute machine path in code, tests, bench, scripts, templates, migrations, samples or config', () => {
    expect(offendingLines(codeFiles, ABSOLUTE)).toEqual([]);
  });

  it('names the team shelf nowhere', () => {
    expect(offendingLines([...codeFiles, ...proseFiles], SHELF)).toEqual([]);
  });

  it('has every relative Markdown link land on a file inside the package', () => {
    const broken = markdownFiles.flatMap((file) => {
      const text = fs.readFileSync(path.join(packageRoot, file), 'utf8');
      return [...text.matchAll(LINK)].flatMap((match) => {
        const target = match[1] as string;
        if (/^[a-z]+:/i.test(target)) return [];
        const resolved = path.resolve(packageRoot, path.dirname(file), decodeURI(target));
        const inside = !path.relative(packageRoot, resolved).startsWith('..');
        return inside && fs.existsSync(resolved) ? [] : [`${file}: ${target}`];
      });
    });
    expect(broken).toEqual([]);
  });

  it('names no document the repository does not have', () => {
    const everyFile = filesUnder('.');
    const basenames = new Set(everyFile.map((file) => path.basename(file)));
    const missing = [...codeFiles, ...proseFiles].filter(isText).flatMap((file) =>
      namedDocuments(fs.readFileSync(path.join(packageRoot, file), 'utf8')).flatMap((name) => {
        // A bare name may live anywhere ("`SOURCES.md` there"); a path must resolve from the file or the root.
        const found = name.includes('/')
          ? [path.resolve(packageRoot, path.dirname(file), name), path.resolve(packageRoot, name)].some((candidate) =>
              fs.existsSync(candidate),
            )
          : basenames.has(name);
        return found ? [] : [`${file}: ${name}`];
      }),
    );
    expect(missing).toEqual([]);
  });

  it('catches what it is meant to catch', () => {
    expect(namedDocuments(`/** The exit codes of ${'design'}.md; see docs/${'workspace'}.md §2 */`)).toEqual([
      'design.md',
      'docs/workspace.md',
    ]);
    expect(namedDocuments('see https://github.com/org/repo/blob/main/README.md and docs/templates.md.')).toEqual(['docs/templates.md']);
    expect(ABSOLUTE.test(`const samples = '${'/work'}/shared/samples';`)).toBe(true);
    expect(ABSOLUTE.test(`path.join('${'/home'}/me', 'x')`)).toBe(true);
    expect(SHELF.test(`read ${'..'}/shared/docs`)).toBe(true);
    expect(ABSOLUTE.test(`path.join(here, '..', 'etherscan', 'samples')`)).toBe(false);
    expect(ABSOLUTE.test('https://api.etherscan.io/v2/api')).toBe(false);
    // a hostile URL in a bad-input test is data, not a path the project reads
    expect(ABSOLUTE.test(`baseUrl: 'file://${'/etc'}/passwd'`)).toBe(false);
  });
});
