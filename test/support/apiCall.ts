/** Who a test request is from: a bearer token, a page's session (cookie and CSRF token), or nobody. */
export type Caller = { token: string } | { cookie: string; csrfToken: string } | undefined;

export interface ApiAnswer {
  status: number;
  headers: Headers;
  text: string;
  json<T = unknown>(): T;
}

/** One request to the server at `url` as `caller`, redirects not followed (a page sends a stranger to /login). */
export async function apiCall(url: string, method: string, route: string, caller: Caller, body?: unknown): Promise<ApiAnswer> {
  const headers: Record<string, string> = body === undefined ? {} : { 'content-type': 'application/json' };
  if (caller !== undefined && 'token' in caller) headers.authorization = `Bearer ${caller.token}`;
  if (caller !== undefined && 'cookie' in caller) Object.assign(headers, { cookie: caller.cookie, 'x-csrf-token': caller.csrfToken });
  const response = await fetch(`${url}${route}`, {
    method,
    headers,
    redirect: 'manual',
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, text, json: <T>() => JSON.parse(text) as T };
}
