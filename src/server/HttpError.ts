import { LedgerscanError } from '../errors/LedgerscanError.js';

/** A refusal with its HTTP status (401, 403, 404, 409); the JSON body is `{ error, field? }`. */
export class HttpError extends LedgerscanError {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly field?: string,
  ) {
    super(message, { kind: 'input' });
  }
}

export const notFound = (what: string): HttpError => new HttpError(404, `${what} not found (check the address)`);
