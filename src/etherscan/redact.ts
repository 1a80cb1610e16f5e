/**
 * Removes an API key from any text bound for a message, a log line, an error or a file: the
 * `apikey=` query value (whatever key it holds) and every literal occurrence of the key itself,
 * raw or URL-encoded, because servers and fetch errors echo URLs and bodies back.
 */
export function redact(text: string, apiKey?: string): string {
  let out = text.replace(/(apikey=)[^&\s"'<>#]*/gi, '$1***');
  if (apiKey !== undefined && apiKey !== '') {
    for (const form of new Set([apiKey, encodeURIComponent(apiKey)])) out = out.split(form).join('***');
  }
  return out;
}
