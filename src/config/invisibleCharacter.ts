/** C0 and C1 controls (NUL, ESC, …) and the bidi overrides and isolates that make `‮gnp.exe` read as `exe.png`. */
// eslint-disable-next-line no-control-regex -- finding these characters is the point
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/u;

/**
 * The one rule of every free text (a book's, a note, a rule's reason and label, in a form or a job file): the
 * refusal of its first control or bidi character, naming the field and the code point, or undefined when it has
 * none. Such a character would reach the manifest, the audit CSV and a terminal as it is.
 */
export function invisibleCharacter(text: string, field: string): string | undefined {
  const found = UNSAFE.exec(text);
  if (found === null) return undefined;
  const codePoint = `U+${(found[0].codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`;
  return `${field} contains the invisible character ${codePoint}; remove it`;
}
