import { bookChildParams } from './common.js';

export const ruleParams = bookChildParams('ruleId');

export interface RuleParams {
  id: string;
  ruleId: string;
}

/** The job file's rule shape plus `reason`; checked by the workspace as a job file's rule is, every problem at once. */
export const ruleBody = { type: 'object', required: ['reason'], properties: { reason: { type: 'string' } } } as const;

const ruleJson = {
  type: 'object',
  required: ['id', 'rule', 'reason', 'author', 'created'],
  properties: {
    id: { type: 'integer' },
    rule: { type: 'object', additionalProperties: true },
    reason: { type: 'string' },
    author: { type: 'string' },
    created: { type: 'string' },
  },
  additionalProperties: false,
} as const;

export const ruleListResponse = { type: 'array', items: ruleJson } as const;

/** A saved rule, how many entries of the stored ledger it changes, and a warning when that is none. */
export const ruleAddedResponse = {
  type: 'object',
  required: ['rule', 'matched', 'warnings'],
  properties: { rule: ruleJson, matched: { type: 'integer' }, warnings: { type: 'array', items: { type: 'string' } } },
  additionalProperties: false,
} as const;
