import { Type } from 'typebox';
import { anyObject, bookChildParams } from './common.js';
import { entriesQuery } from './entries.js';

export const ruleParams = bookChildParams('ruleId');

/** The job file's rule shape plus `reason`: the workspace's own declaration, which `parseBookRule` takes typed. */
export { ruleBody } from '../../workspace/checkBookRule.js';

const ruleJson = Type.Object(
  { id: Type.Integer(), rule: anyObject(), reason: Type.String(), author: Type.String(), created: Type.String() },
  { additionalProperties: false },
);

export const ruleListResponse = Type.Array(ruleJson);

/** A saved rule, how many entries of the stored ledger it changes, and a warning when that is none. */
export const ruleAddedResponse = Type.Object(
  { rule: ruleJson, matched: Type.Integer(), warnings: Type.Array(Type.String()) },
  { additionalProperties: false },
);

/** A correction of every entry of a filtered view, saved as one rule whose match is the view's filter. */
export const viewRuleBody = Type.Object(
  {
    filter: Type.Omit(entriesQuery, ['cursor', 'limit']),
    category: Type.Optional(Type.String({ maxLength: 40 })),
    label: Type.Optional(Type.String({ maxLength: 200 })),
    spam: Type.Optional(Type.Boolean()),
    reason: Type.String(),
  },
  { additionalProperties: false },
);

/** The saved rule, the entries it changes and the view's count (they differ where fees or earlier rules keep rows). */
export const viewRuleResponse = Type.Object(
  { rule: ruleJson, matched: Type.Integer(), viewed: Type.Integer(), warnings: Type.Array(Type.String()) },
  { additionalProperties: false },
);
