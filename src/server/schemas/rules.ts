import { Type } from 'typebox';
import { anyObject, bookChildParams } from './common.js';

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
