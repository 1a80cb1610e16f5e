export const loginBody = {
  type: 'object',
  required: ['user', 'password'],
  properties: { user: { type: 'string', minLength: 1, maxLength: 200 }, password: { type: 'string', minLength: 1, maxLength: 1000 } },
  additionalProperties: false,
} as const;

export interface LoginBody {
  user: string;
  password: string;
}

export const loginResponse = {
  type: 'object',
  required: ['csrfToken', 'user'],
  properties: {
    csrfToken: { type: 'string' },
    user: {
      type: 'object',
      required: ['name', 'role'],
      properties: { name: { type: 'string' }, role: { type: 'string' } },
      additionalProperties: false,
    },
  },
  additionalProperties: false,
} as const;

/** Without login only `ok`; a logged-in user also sees the queue, the books with differences and the version. */
export const healthResponse = {
  type: 'object',
  required: ['ok'],
  properties: {
    ok: { type: 'boolean' },
    queue: { type: 'object', additionalProperties: { type: 'integer' } },
    reconcileDifferences: {
      type: 'array',
      items: { type: 'object', properties: { bookId: { type: 'integer' }, runId: { type: 'integer' } }, additionalProperties: false },
    },
    version: { type: 'string' },
  },
  additionalProperties: false,
} as const;
