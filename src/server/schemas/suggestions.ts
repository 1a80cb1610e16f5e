import { Type } from 'typebox';
import { WINDOW_HOURS } from '../../workspace/transferSuggestions.js';
import { idText } from './common.js';
import { ruleAddedResponse } from './rules.js';

/** A suggestion's id: the entry ids of the leg that left and of the leg that arrived. */
const SUGGESTION_ID = '^x[0-9a-f]{16}[.]x[0-9a-f]{16}$';

export const suggestionParams = Type.Object(
  { id: idText(), sid: Type.String({ pattern: SUGGESTION_ID }) },
  { additionalProperties: false },
);

/** The window in whole hours (absent: the bridge window, 8 days). */
export const suggestionsQuery = Type.Object(
  { window: Type.Optional(Type.Integer({ minimum: WINDOW_HOURS.min, maximum: WINDOW_HOURS.max })) },
  { additionalProperties: false },
);

const suggestionJson = Type.Object(
  { id: Type.String(), sent: Type.String(), arrived: Type.String(), score: Type.Number(), reason: Type.String() },
  { additionalProperties: false },
);

export const suggestionListResponse = Type.Object({ suggestions: Type.Array(suggestionJson) }, { additionalProperties: false });

/** Accept all shown: the ids the page or script showed, accepted in turn (one that went away is left, and said). */
export const acceptAllBody = Type.Object(
  { ids: Type.Array(Type.String({ pattern: SUGGESTION_ID }), { minItems: 1, maxItems: 100 }) },
  { additionalProperties: false },
);

export const acceptedResponse = ruleAddedResponse;

export const acceptAllResponse = Type.Object(
  { accepted: Type.Array(ruleAddedResponse), gone: Type.Array(Type.String()) },
  { additionalProperties: false },
);

export const dismissedResponse = Type.Object({ dismissed: suggestionJson }, { additionalProperties: false });
